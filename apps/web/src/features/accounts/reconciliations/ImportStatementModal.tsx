import { Anchor, FileInput, Select, SimpleGrid, Text } from '@mantine/core';
import type { CsvMapping, ReconciliationAccount } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCsvPreview, useImportStatement } from './hooks.ts';

const FIELDS = [
  'date',
  'valueDate',
  'reference',
  'description',
  'amount',
  'amountIn',
  'amountOut',
  'balance',
] as const;
type Field = (typeof FIELDS)[number];
const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;

/**
 * Import a statement: a camt.053 XML, or a CSV read with the account's saved column mapping (one
 * click), or mapped here from the file's header the first time (the mapping is then saved).
 */
export function ImportStatementModal({
  account,
  onClose,
}: {
  account: ReconciliationAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState('');
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<Field, string>> & { dateFormat?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const preview = useCsvPreview();
  const importing = useImportStatement();
  const isXml = Boolean(file?.name.toLowerCase().endsWith('.xml'));

  const choose = async (picked: File | null) => {
    setFile(picked);
    setError(null);
    setHeaders(null);
    if (!picked) return;
    const text = await picked.text();
    setContent(text);
    if (!picked.name.toLowerCase().endsWith('.xml') && !account.mapping) await showMapping(text);
  };
  const showMapping = async (text: string) => {
    const r = await preview.mutateAsync(text);
    setHeaders(r.data.headers);
    setMapping(account.mapping ?? { dateFormat: 'YYYY-MM-DD' });
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('recon.chooseFile'));
    const body = {
      accountId: account.id,
      format: isXml ? ('camt053' as const) : ('csv' as const),
      fileName: file.name,
      content,
      ...(headers && !isXml ? { mapping: mapping as CsvMapping } : {}),
    };
    importing.mutate(body, {
      onSuccess: (r) => {
        const counts = {
          added: r.data.linesAdded,
          skipped: r.data.linesSkipped,
          notBooked: r.data.linesNotBooked,
        };
        toastSuccess(t(counts.notBooked > 0 ? 'recon.importedNotBooked' : 'recon.imported', counts));
        onClose();
      },
      onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
    });
  };
  const options = (headers ?? []).map((h) => ({ value: h, label: h }));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('recon.importTitle', { account: `${account.code} ${account.name}` })}
      onSubmit={submit}
      error={error}
      submitLabel={t('recon.import')}
      submitting={importing.isPending}
      testId="recon-import-form"
    >
      <FileInput
        data-autofocus
        label={t('recon.file')}
        description={t('recon.fileHint')}
        accept=".csv,.txt,.xml"
        value={file}
        onChange={(f) => void choose(f)}
        data-testid="recon-file"
      />
      {file && !isXml && account.mapping && !headers && (
        <Text size="sm">
          {t('recon.savedMapping')}{' '}
          <Anchor component="button" type="button" onClick={() => void showMapping(content)}>
            {t('recon.changeMapping')}
          </Anchor>
        </Text>
      )}
      {headers && !isXml && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="recon-mapping">
          {FIELDS.map((field) => (
            <Select
              key={field}
              label={t(`recon.fields.${field}`)}
              clearable
              data={options}
              value={mapping[field] ?? null}
              onChange={(v) => setMapping((m) => ({ ...m, [field]: v ?? undefined }))}
            />
          ))}
          <Select
            label={t('recon.dateFormat')}
            allowDeselect={false}
            data={[...DATE_FORMATS]}
            value={mapping.dateFormat ?? 'YYYY-MM-DD'}
            onChange={(v) => setMapping((m) => ({ ...m, dateFormat: v ?? 'YYYY-MM-DD' }))}
          />
        </SimpleGrid>
      )}
    </FormModal>
  );
}
