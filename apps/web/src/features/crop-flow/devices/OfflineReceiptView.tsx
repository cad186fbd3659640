import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { FlagReason } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatKg, formatNumber } from '../../../lib/format.ts';
import type { QueuedReceipt } from './offline-store.ts';

/** The receipt as the farmer gets it (and prints, through the browser's print, on an 80 mm roll). */
export function OfflineReceiptView({ receipt: r }: { receipt: QueuedReceipt }) {
  const { t } = useTranslation();
  const b = r.body;
  const line = (label: string, value: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md" maw={420} className="offline-receipt" data-testid="offline-receipt">
      <Stack gap={4}>
        <Text size="sm" fw={600} ta="center">
          {r.print.amcosName}
        </Text>
        <Title order={3} size="h5" ta="center" data-testid="offline-receipt-no">
          {b.receiptNo}
        </Title>
        {line(t('collectionsMd.date'), formatDate(b.collectedOn))}
        {line(t('collectionsMd.farmer'), `${b.farmerNo} ${r.print.farmerName}`)}
        {line(t('collectionsMd.seasonCrop'), `${r.print.seasonName} · ${r.print.cropName}`)}
        {line(t('collectionsMd.grade'), `${r.print.gradeCode} · ${r.print.gradeName}`)}
        {line(t('collectionsMd.bags'), formatNumber(b.bags))}
        {line(t('collectionsMd.grossKg'), formatKg(b.grossKg))}
        {line(t('collectionsMd.tareKg'), formatKg(b.tareKg))}
        {line(t('collectionsMd.netKg'), formatKg(b.netKg))}
        {line(t('collectionsMd.moisture'), b.moisture)}
        {line(t('offlineMd.clerk'), r.print.clerkName)}
        {line(t('offlineMd.weighedAt'), formatDateTime(b.capturedAt))}
        <Group justify="space-between" mt="xs" className="no-print">
          <ReceiptState receipt={r} />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => window.print()}
          >
            {t('collectionsMd.print80')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Waiting on the device, stored by the server, kept for the manager's review (with why), or refused. */
export function ReceiptState({ receipt: r }: { receipt: QueuedReceipt }) {
  const { t } = useTranslation();
  if (r.state === 'waiting')
    return (
      <Badge color="yellow" variant="light">
        {t('offlineMd.state.waiting')}
      </Badge>
    );
  if (r.state === 'stored')
    return (
      <Badge color="teal" variant="light">
        {t('offlineMd.state.stored')}
      </Badge>
    );
  if (r.state === 'rejected')
    return (
      <Badge color="red" variant="light" title={r.reason ?? ''}>
        {t('offlineMd.state.rejected')}
      </Badge>
    );
  return (
    <Badge color="orange" variant="light" title={r.reasonCode ?? ''}>
      {t('offlineMd.state.flagged')}
      {r.reasonCode ? `: ${t(`offlineMd.reasons.${r.reasonCode as FlagReason}`)}` : ''}
    </Badge>
  );
}

/** The device's latest receipts, newest first, with where each stands. */
export function OfflineQueueTable({ receipts }: { receipts: QueuedReceipt[] }) {
  const { t } = useTranslation();
  if (receipts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('offlineMd.noReceipts')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped data-testid="offline-queue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('collectionsMd.receiptNo')}</Table.Th>
            <Table.Th>{t('collectionsMd.farmer')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.netKg')}</Table.Th>
            <Table.Th>{t('offlineMd.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipts.map((r) => (
            <Table.Tr key={r.clientId}>
              <Table.Td>{r.body.receiptNo}</Table.Td>
              <Table.Td>
                {r.body.farmerNo} {r.print.farmerName}
              </Table.Td>
              <Table.Td ta="right">{formatKg(r.body.netKg)}</Table.Td>
              <Table.Td>
                <ReceiptState receipt={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
