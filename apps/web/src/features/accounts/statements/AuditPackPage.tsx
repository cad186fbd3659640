import { Alert, Button, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { downloadAuditPack, useFinancialYearChoices } from './hooks.ts';
import { guard } from './StatementScreen.tsx';

export default function AuditPackRoute() {
  return guard(<AuditPackPage />);
}

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** The auditors' pack of a financial year: one zip of the statements and the reports behind them. */
function AuditPackPage() {
  const { t } = useTranslation();
  const years = useFinancialYearChoices();
  const [chosen, setChosen] = useState<string | null>(null);
  const [threshold, setThreshold] = useState('1000000');
  const [busy, setBusy] = useState(false);
  const yearId = chosen ?? years.data?.[0]?.id ?? null;
  const year = years.data?.find((y) => y.id === yearId);
  const amountOk = AMOUNT.test(threshold.replace(/,/g, ''));
  const download = () => {
    if (!yearId || !amountOk) return;
    setBusy(true);
    downloadAuditPack(yearId, threshold.replace(/,/g, ''))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <PageHeader title={t('statements.auditPack')} description={t('statements.pack.hint')} />
      <Paper withBorder radius="md" p="md" maw={560}>
        <Stack>
          <Select
            label={t('statements.pack.year')}
            data={(years.data ?? []).map((y) => ({ value: y.id, label: y.name }))}
            value={yearId}
            onChange={setChosen}
            allowDeselect={false}
            data-testid="pack-year"
          />
          {year?.status === 'open' && (
            <Alert color="yellow" data-testid="pack-year-open">
              {t('statements.pack.yearOpen')}
            </Alert>
          )}
          <TextInput
            label={t('statements.pack.threshold')}
            value={threshold}
            inputMode="decimal"
            onChange={(e) => setThreshold(e.currentTarget.value)}
            error={amountOk ? undefined : t('statements.pack.badThreshold')}
            data-testid="pack-threshold"
          />
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={download}
            loading={busy}
            disabled={!yearId || !amountOk}
            data-testid="pack-download"
          >
            {t('statements.pack.download')}
          </Button>
          {busy && (
            <Text size="sm" c="dimmed" role="status">
              {t('statements.pack.downloading')}
            </Text>
          )}
        </Stack>
      </Paper>
    </>
  );
}
