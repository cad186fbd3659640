import { Alert, Button, Group, Stack } from '@mantine/core';
import type { StatementMapping } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useSaveStatementMapping, useStatementMapping } from './hooks.ts';
import { LinesEditor } from './LinesEditor.tsx';
import { useMappingState } from './mapping-state.ts';
import { RulesEditor } from './RulesEditor.tsx';
import { guard } from './StatementScreen.tsx';

/** The audit trail's id of the one statement mapping (the API's STATEMENT_MAPPING_ENTITY_ID). */
const MAPPING_ID = '00000000-0000-7000-8000-000000000028';

export default function StatementLinesRoute() {
  return guard(<StatementLinesPage />);
}

/**
 * The statement lines and what goes to them (#28), under Settings › Accounts: read by whoever
 * reads the ledger, changed by the accountant (accounts.ledger.update) in one save.
 */
function StatementLinesPage() {
  const { t } = useTranslation();
  const mapping = useStatementMapping();
  return (
    <>
      <PageHeader title={t('statements.mapping.title')} description={t('statements.mapping.hint')} />
      {mapping.data ? <Editor mapping={mapping.data} /> : <LoadingBlock />}
    </>
  );
}

function Editor({ mapping }: { mapping: StatementMapping }) {
  const { t } = useTranslation();
  const canEdit = useCan('accounts.ledger.update', 'union');
  const state = useMappingState({ lines: mapping.lines, rules: mapping.rules });
  const save = useSaveStatementMapping();
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    save.mutate(state.mapping, {
      onSuccess: (reply) => {
        state.reset({ lines: reply.data.lines, rules: reply.data.rules });
        toastSuccess(reply.message);
      },
      onError: (e) => setError(e instanceof ApiError ? (e.serverMessage ?? e.message) : e.message),
    });
  };
  return (
    <Stack>
      <LinesEditor state={state} canEdit={canEdit} />
      <RulesEditor state={state} mapping={mapping} canEdit={canEdit} />
      {error && (
        <Alert color="red" role="alert" data-testid="mapping-error">
          {error}
        </Alert>
      )}
      {canEdit && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="save-mapping">
            {t('statements.mapping.save')}
          </Button>
        </Group>
      )}
      <HistoryPanel entity="statement_mapping" id={MAPPING_ID} />
    </Stack>
  );
}
