import { Group, Select, Table, TextInput } from '@mantine/core';
import { createPurchaseInvoiceBody, type PurchaseInvoiceDetail } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormPage } from '../../../components/FormPage.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDecimal, moneyOrDash } from '../../../lib/format.ts';
import { purchaseOrders, useCreatePurchase, usePurchaseOrder } from '../hooks.ts';
import { MatchBadge } from '../PurchaseLines.tsx';
import { confirmInvoice } from './confirm-invoice.ts';

export default withPermission(InvoiceCreatePage, 'purchase.order.create', { unionOnly: true });

const INVOICEABLE = ['approved', 'partly_received', 'received'];
type Entry = { quantity: string; unitPrice: string };

/** Whether a figure differs from what the order and the GRNs say (the server applies the tolerances). */
function differs(a: string, b: string) {
  try {
    return !dec(a || '0').eq(dec(b));
  } catch {
    return true;
  }
}

/** A supplier's invoice against an approved order: per order line, what it bills and at what price. */
function InvoiceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orders = purchaseOrders.useOptions({ sort: 'orderDate:desc' });
  const form = useForm({
    orderId: params.get('order') as string | null,
    supplierInvoiceNo: '',
    invoiceDate: todayInTanzania(),
    dueDate: '',
  });
  const order = usePurchaseOrder(form.values.orderId ?? undefined);
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const create = useCreatePurchase<unknown, PurchaseInvoiceDetail>('purchase/invoices');
  // Start each line at what was received and not yet invoiced, at the order's price.
  useEffect(() => {
    if (!order.data) return;
    setEntries(
      Object.fromEntries(
        order.data.lines.map((l) => {
          const open = dec(l.receivedQuantity).minus(dec(l.invoicedQuantity));
          return [l.id, { quantity: open.gt(0) ? open.toFixed(3) : '', unitPrice: l.unitPrice }];
        }),
      ),
    );
  }, [order.data]);
  const submit = form.onSubmit(() => {
    const lines = Object.entries(entries)
      .filter(([, e]) => e.quantity.trim() !== '' && differs(e.quantity, '0'))
      .map(([orderLineId, e]) => ({ orderLineId, quantity: e.quantity, unitPrice: e.unitPrice }));
    const body = form.validate(createPurchaseInvoiceBody, {
      ...form.values,
      dueDate: form.values.dueDate || null,
      lines,
    });
    const chosen = order.data;
    if (body && chosen)
      confirmInvoice({ order: chosen, supplierInvoiceNo: body.supplierInvoiceNo, lines: body.lines }, () =>
        create.mutate(
          body,
          form.saved((r) => navigate(`/purchase/invoices/${r.data.id}/details`)),
        ),
      );
  });
  const orderData = (orders.data ?? [])
    .filter((o) => INVOICEABLE.includes(o.status) || o.id === form.values.orderId)
    .map((o) => ({ value: o.id, label: `${o.orderNo} · ${o.supplierName}` }));
  return (
    <FormPage
      title={t('purchaseMd.createInvoice')}
      description={t('purchaseMd.matchNote')}
      padding="md"
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      onCancel={() => navigate('/purchase/invoices/list')}
      testId="purchase-invoice-form"
    >
      <Select
        label={t('purchaseMd.order')}
        required
        searchable
        autoFocus
        data={orderData}
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="order-select"
        {...form.control('orderId')}
      />
      <Group grow>
        <TextInput
          label={t('purchaseMd.supplierInvoiceNo')}
          required
          data-testid="supplier-invoice-no"
          {...form.text('supplierInvoiceNo')}
        />
        <DateField required label={t('purchaseMd.invoiceDate')} {...form.text('invoiceDate')} />
        <DateField
          label={t('purchaseMd.dueDate')}
          description={t('purchaseMd.dueHint')}
          {...form.text('dueDate')}
        />
      </Group>
      {order.data && <InvoiceLinesTable lines={order.data.lines} entries={entries} onChange={setEntries} />}
    </FormPage>
  );
}

type OrderLine = NonNullable<ReturnType<typeof usePurchaseOrder>['data']>['lines'][number];

/** Per order line: ordered, received and not yet invoiced, and what this invoice bills at what price. */
function InvoiceLinesTable({
  lines,
  entries,
  onChange,
}: {
  lines: OrderLine[];
  entries: Record<string, Entry>;
  onChange: Dispatch<SetStateAction<Record<string, Entry>>>;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchaseMd.item')}</Table.Th>
            <Table.Th ta="right">{t('purchaseMd.ordered')}</Table.Th>
            <Table.Th ta="right">{t('purchaseMd.receivedOpen')}</Table.Th>
            <Table.Th w={130}>{t('purchaseMd.quantity')}</Table.Th>
            <Table.Th w={150}>{t('purchaseMd.unitPrice')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => {
            const e = entries[l.id] ?? { quantity: '', unitPrice: l.unitPrice };
            const open = dec(l.receivedQuantity).minus(dec(l.invoicedQuantity)).toFixed(3);
            const set = (patch: Partial<Entry>) =>
              onChange((all) => ({ ...all, [l.id]: { ...e, ...patch } }));
            const off = e.quantity !== '' && (differs(e.unitPrice, l.unitPrice) || differs(e.quantity, open));
            return (
              <Table.Tr key={l.id}>
                <Table.Td>
                  {l.itemCode} {l.description}
                </Table.Td>
                <Table.Td ta="right">
                  {formatDecimal(l.quantity, 3)} × {moneyOrDash(l.unitPrice)}
                </Table.Td>
                <Table.Td ta="right">{formatDecimal(open, 3)}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchaseMd.quantity')}
                    inputMode="decimal"
                    value={e.quantity}
                    onChange={(ev) => set({ quantity: ev.currentTarget.value })}
                    data-testid={`invoice-quantity-${i}`}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchaseMd.unitPrice')}
                    inputMode="decimal"
                    value={e.unitPrice}
                    onChange={(ev) => set({ unitPrice: ev.currentTarget.value })}
                    data-testid={`invoice-price-${i}`}
                  />
                </Table.Td>
                <Table.Td>{off && <MatchBadge matched={false} />}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
