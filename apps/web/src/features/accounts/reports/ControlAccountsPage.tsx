import { Alert, Badge, Paper, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { downloadReport } from '../hooks.ts';
import { useControlAccounts } from './control-accounts-hooks.ts';

export default function ControlAccountsRoute() {
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <ControlAccountsPage />
    </RequirePermission>
  );
}

/** Every control account beside its sub-ledger and the difference; a difference is never hidden. */
function ControlAccountsPage() {
  const { t } = useTranslation();
  const report = useControlAccounts();
  const r = report.data;
  return (
    <>
      <PageHeader
        title={t('twoBooks.controlAccounts')}
        description={t('twoBooks.controlAccountsHint')}
        breadcrumbs={[{ label: t('menu.reports') }, { label: t('twoBooks.controlAccounts') }]}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadReport('reports/control-accounts', {}, format, `CONTROL_ACCOUNTS_${r?.asAt ?? ''}`)
            }
          />
        }
      />
      <ReportFreshness path="reports/control-accounts" />
      {!r ? (
        <LoadingBlock />
      ) : (
        <>
          <Alert
            mb="md"
            color={r.agreed ? 'teal' : 'red'}
            icon={r.agreed ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            data-testid="control-accounts-verdict"
          >
            {r.agreed
              ? t('twoBooks.controlAgreed', { date: formatDate(r.asAt) })
              : t('twoBooks.controlDiffers', { date: formatDate(r.asAt) })}
          </Alert>
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table
              aria-label={t('twoBooks.controlAccounts')}
              data-testid="control-accounts"
              striped
              miw={820}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('twoBooks.controlAccount')}</Table.Th>
                  <Table.Th>{t('twoBooks.subledger')}</Table.Th>
                  <Table.Th ta="right">{t('twoBooks.controlBalance')}</Table.Th>
                  <Table.Th ta="right">{t('twoBooks.subledgerBalance')}</Table.Th>
                  <Table.Th ta="right">{t('twoBooks.difference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.checks.map((c) => (
                  <Table.Tr key={c.key} data-check={c.key}>
                    <Table.Td>
                      <Text fw={500}>{t(`twoBooks.checks.${c.key}`, { defaultValue: c.name })}</Text>
                      <Text size="xs" c="dimmed">
                        {c.accounts.join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`twoBooks.subledgers.${c.key}`, { defaultValue: c.subledger })}</Table.Td>
                    <Table.Td ta="right">{formatDecimal(c.controlBalance)}</Table.Td>
                    <Table.Td ta="right">{formatDecimal(c.subledgerBalance)}</Table.Td>
                    <Table.Td ta="right">
                      {c.difference === '0.00' ? (
                        <Badge variant="light" color="teal">
                          {formatDecimal(c.difference)}
                        </Badge>
                      ) : (
                        <Badge variant="filled" color="red">
                          {formatDecimal(c.difference)}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
    </>
  );
}
