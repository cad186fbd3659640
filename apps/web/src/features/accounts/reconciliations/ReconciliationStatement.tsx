import { Alert, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import type { OutstandingItem } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { formatDate, formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { downloadReconciliation, useCloseReconciliation, useReconciliation } from './hooks.ts';

const KINDS: OutstandingItem['kind'][] = ['uncredited_deposit', 'unpresented_payment', 'bank_only'];

/** The standard statement: bank + uncredited deposits - unpresented payments = books. */
export function ReconciliationStatement({ id, canManage }: { id: string; canManage: boolean }) {
  const { t } = useTranslation();
  const query = useReconciliation(id);
  const close = useCloseReconciliation();
  const r = query.data;
  if (!r) return <PageLoader />;
  const balanced = r.difference === '0.00';
  const figure = (label: string, value: string, testId: string) => (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {r.currency} {formatDecimal(value)}
      </Text>
    </Card>
  );
  const askClose = () =>
    confirmAction({
      title: t('recon.close'),
      message: t('recon.closeConfirm', { date: formatDate(r.statementDate) }),
      confirmLabel: t('recon.close'),
      danger: false,
      onConfirm: () => close.mutate(r.id, { onSuccess: (reply) => toastSuccess(reply.message) }),
    });
  return (
    <Card withBorder mt="md" data-testid="recon-statement">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('recon.statementAsAt', { date: formatDate(r.statementDate) })}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadReconciliation(r, 'pdf')}
            data-testid="recon-pdf"
          >
            PDF
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadReconciliation(r, 'xlsx')}
            data-testid="recon-xlsx"
          >
            Excel
          </Button>
          {canManage && r.status === 'open' && (
            <Button
              leftSection={<IconLock size={16} />}
              disabled={!balanced}
              loading={close.isPending}
              onClick={askClose}
              data-testid="recon-close"
            >
              {t('recon.close')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }} mb="md">
        {figure(t('recon.balancePerBank'), r.balancePerBank, 'recon-bank')}
        {figure(t('recon.uncreditedDeposits'), r.uncreditedDeposits, 'recon-uncredited')}
        {figure(t('recon.unpresentedPayments'), r.unpresentedPayments, 'recon-unpresented')}
        {figure(t('recon.balancePerBooks'), r.balancePerBooks, 'recon-books')}
        {figure(t('recon.difference'), r.difference, 'recon-difference')}
      </SimpleGrid>
      {r.status === 'closed' ? (
        <Alert color="green" mb="md">
          {t('recon.closedBy', { name: r.closedByName ?? '', at: formatDateTime(r.closedAt) })}
        </Alert>
      ) : !balanced ? (
        <Alert color="yellow" mb="md" data-testid="recon-not-balanced">
          {t('recon.notBalanced', {
            difference: formatDecimal(r.difference),
            bankOnly: formatDecimal(r.bankOnlyItems),
          })}
        </Alert>
      ) : null}
      {r.items.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recon.item')}</Table.Th>
                <Table.Th>{t('acc.date')}</Table.Th>
                <Table.Th>{t('recon.reference')}</Table.Th>
                <Table.Th>{t('recon.description')}</Table.Th>
                <Table.Th ta="right">{t('acc.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {KINDS.flatMap((kind) =>
                r.items
                  .filter((i) => i.kind === kind)
                  .map((i, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, read-only list without ids
                    <Table.Tr key={`${kind}-${n}`}>
                      <Table.Td>{t(`recon.kinds.${kind}`)}</Table.Td>
                      <Table.Td>{formatDate(i.date)}</Table.Td>
                      <Table.Td>{i.reference}</Table.Td>
                      <Table.Td>{i.description}</Table.Td>
                      <Table.Td ta="right">{formatDecimal(i.amount)}</Table.Td>
                    </Table.Tr>
                  )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
