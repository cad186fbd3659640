import { Modal, Table, Text, TextInput } from '@mantine/core';
import { receiveStockTransferBody, type StockTransferDetail } from '@ushirika/contracts';
import { dec, sum, todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { pricedValue } from '../stores/StockLines.tsx';
import { ItemQuantityCells } from '../stores/StockLinesTable.tsx';
import { useReceiveTransfer } from './hooks.ts';

const isShort = (dispatched: string, received: string) => {
  try {
    return dec(received).lt(dec(dispatched));
  } catch {
    return false;
  }
};

/** The receiving store counts each line; a short line asks why. */
export function ReceiveTransferModal({
  transfer,
  onClose,
}: {
  transfer: StockTransferDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<Record<string, { received: string; reason: string }>>(() =>
    Object.fromEntries(transfer.lines.map((l) => [l.id, { received: l.quantity, reason: '' }])),
  );
  const form = useForm({ receivedOn: todayInTanzania(), remarks: '' });
  const receive = useReceiveTransfer(transfer.id, onClose, form.showApiError);
  const submit = form.onSubmit(() => {
    const body = form.validate(receiveStockTransferBody, {
      ...form.values,
      lines: transfer.lines.map((l) => ({
        lineId: l.id,
        receivedQuantity: counts[l.id]?.received.trim() ?? '',
        varianceReason: counts[l.id]?.reason.trim() || null,
      })),
    });
    if (!body) return;
    const received = pricedValue(
      transfer.lines.map((l) => ({ quantity: counts[l.id]?.received.trim() || '0', unitPrice: l.unitCost })),
    );
    const short = dec(sum(transfer.lines.map((l) => l.value))).minus(received);
    confirmAction({
      title: t('inventoryMd.receiveTitle', { no: transfer.transferNo }),
      message: short.gt(0)
        ? t('inventoryMd.confirmReceiveShort', { short: formatMoney(short.toFixed(2)) })
        : t('inventoryMd.confirmReceive'),
      amount: formatMoney(received),
      confirmLabel: t('inventoryMd.confirmReceipt'),
      danger: false,
      onConfirm: () => receive.mutate(body),
    });
  });
  const set = (id: string, change: Partial<{ received: string; reason: string }>) =>
    setCounts((c) => ({ ...c, [id]: { received: '', reason: '', ...c[id], ...change } }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('inventoryMd.receiveTitle', { no: transfer.transferNo })}
      size="xl"
      centered
    >
      <FormLayout
        onSubmit={submit}
        onCancel={onClose}
        error={form.formError}
        submitLabel={t('inventoryMd.confirmReceipt')}
        submitting={receive.isPending}
        testId="receive-form"
      >
        <Text size="sm" c="dimmed">
          {t('inventoryMd.receiveNote')}
        </Text>
        <DateField label={t('inventoryMd.receivedOn')} required data-autofocus {...form.text('receivedOn')} />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inventoryMd.item')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.dispatched')}</Table.Th>
              <Table.Th>{t('inventoryMd.receivedQty')}</Table.Th>
              <Table.Th>{t('inventoryMd.varianceReason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {transfer.lines.map((l) => {
              const count = counts[l.id] ?? { received: '', reason: '' };
              const short = isShort(l.quantity, count.received);
              return (
                <Table.Tr key={l.id}>
                  <ItemQuantityCells line={l} />
                  <Table.Td>
                    <TextInput
                      aria-label={`${t('inventoryMd.receivedQty')} ${l.lineNo}`}
                      w={110}
                      inputMode="decimal"
                      value={count.received}
                      onChange={(e) => set(l.id, { received: e.currentTarget.value })}
                      data-testid={`received-${l.lineNo}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${t('inventoryMd.varianceReason')} ${l.lineNo}`}
                      disabled={!short}
                      required={short}
                      value={count.reason}
                      onChange={(e) => set(l.id, { reason: e.currentTarget.value })}
                      data-testid={`reason-${l.lineNo}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <TextInput label={t('fields.notes')} {...form.text('remarks')} />
      </FormLayout>
    </Modal>
  );
}
