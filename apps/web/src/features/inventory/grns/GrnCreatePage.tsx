import { Alert, Group, Select, Table, TextInput } from '@mantine/core';
import { createOrderGrnBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { confirmStockPosting, StockDocumentForm } from '../stores/StockDocumentForm.tsx';
import { pricedValue } from '../stores/StockLines.tsx';
import { ItemQuantityCells } from '../stores/StockLinesTable.tsx';
import { StoreSelect } from '../stores/StoreSelect.tsx';
import { useReceivableOrder, useReceivableOrders, useSaveGrn } from './hooks.ts';

type Count = { quantity: string; batchNo: string; expiryDate: string };

/** /inventory/grns/grn-create: goods received against an approved purchase order (?order=id). */
export default withPermission(GrnCreatePage, 'inventory.store.update', { unionOnly: true });

function GrnCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const orders = useReceivableOrders();
  const order = useReceivableOrder(orderId);
  const [counts, setCounts] = useState<Record<string, Count>>({});
  const form = useForm({
    storeId: null as string | null,
    receivedOn: todayInTanzania(),
    supplierRef: '',
    remarks: '',
  });
  const save = useSaveGrn((g) => navigate(`/inventory/grns/grn/${g.id}/details`), form.showApiError);
  const count = (lineId: string) => counts[lineId] ?? { quantity: '', batchNo: '', expiryDate: '' };
  const setCount = (lineId: string, change: Partial<Count>) =>
    setCounts((c) => ({ ...c, [lineId]: { ...count(lineId), ...change } }));
  const submit = form.onSubmit(() => {
    const lines = (order.data?.lines ?? [])
      .filter((l) => count(l.id).quantity.trim())
      .map((l) => ({
        orderLineId: l.id,
        quantity: count(l.id).quantity.trim(),
        batchNo: count(l.id).batchNo.trim() || null,
        expiryDate: count(l.id).expiryDate || null,
      }));
    const body = form.validate(createOrderGrnBody, { ...form.values, orderId, lines });
    if (!body) return;
    const priceOf = new Map((order.data?.lines ?? []).map((l) => [l.id, l.unitPrice]));
    const value = pricedValue(
      lines.map((l) => ({ quantity: l.quantity, unitPrice: priceOf.get(l.orderLineId) ?? '0' })),
    );
    confirmStockPosting('receive', { lines: lines.length, value }, () => save.onOrder.mutate(body));
  });
  return (
    <StockDocumentForm
      title={t('screens.grn_create')}
      description={t('inventoryMd.grnOnOrderNote')}
      posting="receive"
      form={form}
      onSubmit={submit}
      submitting={save.onOrder.isPending}
      testId="grn-form"
    >
      <Select
        label={t('inventoryMd.order')}
        required
        searchable
        data-autofocus
        nothingFoundMessage={t('inventoryMd.noOrders')}
        data={(orders.data ?? []).map((o) => ({
          value: o.id,
          label: `${o.orderNo} · ${o.supplierName}`,
        }))}
        value={orderId}
        onChange={(v) => {
          setCounts({});
          setParams(v ? { order: v } : {});
        }}
        data-testid="grn-order"
      />
      <Group grow align="flex-start">
        <StoreSelect label={t('inventoryMd.intoStore')} {...form.control('storeId')} />
        <DateField label={t('inventoryMd.receivedOn')} required {...form.text('receivedOn')} />
        <TextInput label={t('inventoryMd.supplierRef')} {...form.text('supplierRef')} />
      </Group>
      {orderId && !order.data && <LoadingBlock />}
      {order.data?.lines.every((l) => l.remainingQuantity === '0.000') && (
        <Alert color="gray">{t('inventoryMd.orderReceived')}</Alert>
      )}
      {order.data && <ReceiveLines lines={order.data.lines} count={count} onCount={setCount} />}
    </StockDocumentForm>
  );
}

type OrderLine = NonNullable<ReturnType<typeof useReceivableOrder>['data']>['lines'][number];

/** The order's lines: ordered, still to come, the price, and what is counted in now (batch, expiry). */
function ReceiveLines({
  lines,
  count,
  onCount,
}: {
  lines: OrderLine[];
  count: (lineId: string) => Count;
  onCount: (lineId: string, change: Partial<Count>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table data-testid="grn-order-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>{t('inventoryMd.item')}</Table.Th>
          <Table.Th ta="right">{t('inventoryMd.ordered')}</Table.Th>
          <Table.Th ta="right">{t('inventoryMd.remaining')}</Table.Th>
          <Table.Th ta="right">{t('inventoryMd.unitCost')}</Table.Th>
          <Table.Th>{t('inventoryMd.receivedNow')}</Table.Th>
          <Table.Th>{t('inventoryMd.batchNo')}</Table.Th>
          <Table.Th>{t('inventoryMd.expiry')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td>{l.lineNo}</Table.Td>
            <ItemQuantityCells line={l} />
            <Table.Td ta="right">{formatDecimal(l.remainingQuantity, 3)}</Table.Td>
            <Table.Td ta="right">{formatMoney(l.unitPrice)}</Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`${t('inventoryMd.receivedNow')} ${l.lineNo}`}
                w={110}
                inputMode="decimal"
                disabled={l.remainingQuantity === '0.000'}
                value={count(l.id).quantity}
                onChange={(e) => onCount(l.id, { quantity: e.currentTarget.value })}
                data-testid={`receive-line-${l.lineNo}`}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`${t('inventoryMd.batchNo')} ${l.lineNo}`}
                w={110}
                required={l.tracksBatch}
                value={count(l.id).batchNo}
                onChange={(e) => onCount(l.id, { batchNo: e.currentTarget.value })}
              />
            </Table.Td>
            <Table.Td>
              <DateField
                aria-label={`${t('inventoryMd.expiry')} ${l.lineNo}`}
                value={count(l.id).expiryDate}
                onChange={(e) => onCount(l.id, { expiryDate: e.currentTarget.value })}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
