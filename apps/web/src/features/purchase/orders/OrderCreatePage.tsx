import { Checkbox, Group, Select, Table, Text, Textarea, TextInput } from '@mantine/core';
import { createPurchaseOrderBody } from '@ushirika/contracts';
import { priceLine, sum, todayInTanzania } from '@ushirika/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormPage } from '../../../components/FormPage.tsx';
import { LineInputCell } from '../../../components/LineInputCell.tsx';
import { AddLineButton, RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { moneyOrDash } from '../../../lib/format.ts';
import { useItemChoices } from '../../../lib/item-choices.ts';
import { unitLabel } from '../../../lib/units.ts';
import { useLines } from '../../../lib/use-lines.ts';
import { usePurchaseOrder, usePurchaseSettings, useSavePurchaseOrder } from '../hooks.ts';
import { SupplierSelect } from '../suppliers/SupplierSelect.tsx';

export default withPermission(OrderCreatePage, 'purchase.order.create', { unionOnly: true });

type Line = { itemId: string | null; quantity: string; unitPrice: string; vat: boolean };
const emptyLine = (): Line => ({ itemId: null, quantity: '', unitPrice: '', vat: true });

/** Net and VAT of a line as the server will price it; blank while the figures are not numbers yet. */
function preview(line: Line, vatRate: string) {
  try {
    const { amount, vatAmount } = priceLine(line, vatRate);
    return { amount, vat: vatAmount };
  } catch {
    return null;
  }
}

/** A new order, or (`?edit=<id>`) a draft edited whole. */
function OrderCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get('edit') ?? undefined;
  const editing = usePurchaseOrder(editId);
  const items = useItemChoices();
  const settings = usePurchaseSettings();
  const vatRate = settings.data?.vatRate ?? '18';
  const form = useForm({
    supplierId: null as string | null,
    orderDate: todayInTanzania(),
    expectedDate: '',
    terms: '',
    remarks: '',
  });
  const { lines, setLines, setLine, addLine, removeButton } = useLines(emptyLine);
  const [lineError, setLineError] = useState<string | null>(null);
  const create = useSavePurchaseOrder(editId);
  const draft = editing.data;
  // The draft's values, once, when it has loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the draft once, not on each form change
  useEffect(() => {
    if (!draft) return;
    form.reset({
      supplierId: draft.supplierId,
      orderDate: draft.orderDate,
      expectedDate: draft.expectedDate ?? '',
      terms: draft.terms ?? '',
      remarks: draft.remarks ?? '',
    });
    setLines(
      draft.lines.map((l) => ({
        itemId: l.itemId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        vat: l.vat,
      })),
    );
  }, [draft]);
  const previews = lines.map((l) => preview(l, vatRate));
  const net = sum(previews.map((p) => p?.amount ?? 0));
  const vat = sum(previews.map((p) => p?.vat ?? 0));
  const submit = form.onSubmit(() => {
    setLineError(null);
    const input = { ...form.values, expectedDate: form.values.expectedDate || null, lines };
    const parsed = createPurchaseOrderBody.safeParse(input);
    const lineIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'lines');
    if (lineIssue) setLineError(`${t('purchaseMd.lines')}: ${lineIssue.message}`);
    const body = form.validate(createPurchaseOrderBody, input);
    if (body)
      create.mutate(
        body,
        form.saved((r) => navigate(`/purchase/orders/${r.data.id}/details`)),
      );
  });
  const itemData = (items.data ?? []).map((i) => ({
    value: i.id,
    label: `${i.code} ${i.name} (${unitLabel(i.unit)})`,
  }));
  return (
    <FormPage
      title={editId ? `${t('purchaseMd.editOrder')} ${draft?.orderNo ?? ''}` : t('purchaseMd.createOrder')}
      padding="md"
      onSubmit={submit}
      error={form.formError ?? lineError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      onCancel={() => navigate(editId ? `/purchase/orders/${editId}/details` : '/purchase/orders/list')}
      testId="order-form"
    >
      <SupplierSelect required autoFocus {...form.control('supplierId')} />
      <Group grow>
        <DateField required label={t('purchaseMd.orderDate')} {...form.text('orderDate')} />
        <DateField label={t('purchaseMd.expectedDate')} {...form.text('expectedDate')} />
      </Group>
      <LinesTable
        lines={lines}
        previews={previews}
        items={itemData}
        onChange={setLine}
        removeButton={removeButton}
      />
      <Group justify="space-between">
        <AddLineButton label={t('purchaseMd.addLine')} onClick={addLine} />
        <Text size="sm" data-testid="order-totals">
          {t('purchaseMd.totalsPreview', {
            net: moneyOrDash(net.toFixed(2)),
            vat: moneyOrDash(vat.toFixed(2)),
            rate: vatRate,
            total: moneyOrDash(net.plus(vat).toFixed(2)),
          })}
        </Text>
      </Group>
      <Textarea
        label={t('purchaseMd.terms')}
        description={t('purchaseMd.termsHint')}
        autosize
        minRows={2}
        {...form.text('terms')}
      />
      <TextInput label={t('purchaseMd.remarks')} {...form.text('remarks')} />
    </FormPage>
  );
}

/** The order's lines: item, quantity, unit price, VAT or not, and the amount each makes. */
function LinesTable({
  lines,
  previews,
  items,
  onChange,
  removeButton,
}: {
  lines: Line[];
  previews: ReturnType<typeof preview>[];
  items: { value: string; label: string }[];
  onChange: (index: number, patch: Partial<Line>) => void;
  removeButton: ReturnType<typeof useLines<Line>>['removeButton'];
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchaseMd.item')}</Table.Th>
            <Table.Th w={120}>{t('purchaseMd.quantity')}</Table.Th>
            <Table.Th w={150}>{t('purchaseMd.unitPrice')}</Table.Th>
            <Table.Th w={70}>{t('purchaseMd.vat')}</Table.Th>
            <Table.Th w={140} ta="right">
              {t('purchaseMd.amount')}
            </Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved
            <Table.Tr key={i}>
              <Table.Td>
                <Select
                  aria-label={t('purchaseMd.item')}
                  searchable
                  data={items}
                  value={l.itemId}
                  onChange={(v) => onChange(i, { itemId: v })}
                  nothingFoundMessage={t('common.nothingFound')}
                  data-testid={`line-item-${i}`}
                />
              </Table.Td>
              <LineInputCell
                label={t('purchaseMd.quantity')}
                decimal
                value={l.quantity}
                onChange={(quantity) => onChange(i, { quantity })}
                testId={`line-quantity-${i}`}
              />
              <LineInputCell
                label={t('purchaseMd.unitPrice')}
                decimal
                value={l.unitPrice}
                onChange={(unitPrice) => onChange(i, { unitPrice })}
                testId={`line-price-${i}`}
              />
              <Table.Td>
                <Checkbox
                  aria-label={t('purchaseMd.vat')}
                  checked={l.vat}
                  onChange={(e) => onChange(i, { vat: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td ta="right">{previews[i] ? moneyOrDash(previews[i].amount.toFixed(2)) : '—'}</Table.Td>
              <Table.Td>
                <RemoveLineButton label={t('purchaseMd.removeLine')} {...removeButton(i)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
