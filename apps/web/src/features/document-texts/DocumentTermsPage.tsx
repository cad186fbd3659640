import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DocumentKind } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { MarkdownEditor, MarkdownView } from '../../components/MarkdownEditor/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/use-can.ts';
import { useDocumentTerms, useSaveTerms } from './hooks.ts';
import { SaveTextButton } from './SaveTextButton.tsx';

/** /cooperative/document-terms: the union's standard terms on purchase orders and on sales invoices. */
export default function DocumentTermsRoute() {
  return (
    <RequirePermission permission="cooperative.union.read" unionOnly>
      <DocumentTermsPage />
    </RequirePermission>
  );
}

function DocumentTermsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DocumentKind>('purchase_order');
  return (
    <>
      <PageHeader title={t('documentTexts.title')} description={t('documentTexts.description')} />
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('documentTexts.kind')}
          value={kind}
          onChange={(v) => setKind(v as DocumentKind)}
          data={[
            { value: 'purchase_order', label: t('documentTexts.purchaseOrders') },
            { value: 'sales_invoice', label: t('documentTexts.salesInvoices') },
          ]}
          w="fit-content"
        />
        <TermsEditor key={kind} kind={kind} />
      </Stack>
    </>
  );
}

function TermsEditor({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const canEdit = useCan('cooperative.union.update', 'union');
  const terms = useDocumentTerms(kind);
  const save = useSaveTerms(kind);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const draftId = `terms-${kind}`;
  if (!terms.data) return <LoadingBlock />;
  const saved = terms.data.terms;
  return (
    <Paper withBorder p="md" data-testid="document-terms">
      <Stack gap="sm">
        {canEdit ? (
          <>
            <MarkdownEditor
              autosaveId={draftId}
              initialValue={saved}
              onChange={setDraft}
              label={t(kind === 'purchase_order' ? 'documentTexts.poTerms' : 'documentTexts.invoiceTerms')}
              description={t('documentTexts.termsHint')}
              error={error}
            />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {terms.data.updatedAt
                  ? t('documentTexts.updated', {
                      by: terms.data.updatedBy ?? '',
                      at: formatDateTime(terms.data.updatedAt),
                    })
                  : ''}
              </Text>
              <SaveTextButton
                save={save}
                text={draft ?? saved}
                draftId={draftId}
                savedMessage={t('documentTexts.termsSaved')}
                onSaved={() => setError(null)}
                onError={setError}
                testId="save-terms"
              />
            </Group>
          </>
        ) : saved ? (
          <MarkdownView text={saved} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('documentTexts.noTerms')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
