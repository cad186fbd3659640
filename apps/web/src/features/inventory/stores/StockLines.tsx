import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { StoreStock } from '@ushirika/contracts';
import { dec, sum, toMoney } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { useItemChoices } from '../../../lib/item-choices.ts';
import { unitLabel } from '../../../lib/units.ts';

export type StockLine = {
  itemId: string | null;
  quantity: string;
  unitCost: string;
  batchNo: string;
  expiryDate: string;
};
export const blankLine: StockLine = { itemId: null, quantity: '', unitCost: '', batchNo: '', expiryDate: '' };

const lineAmount = (quantity: string, cost: string) => {
  try {
    return toMoney(dec(quantity).times(dec(cost)));
  } catch {
    return '0.00';
  }
};

/**
 * The value of the lines as typed: received at the unit costs entered, issued at the store's
 * average cost (an estimate: the server values it again when it saves).
 */
export function stockLinesValue(lines: StockLine[], mode: 'receive' | 'issue', stock?: StoreStock[]): string {
  const held = (itemId: string | null) => stock?.find((s) => s.itemId === itemId);
  return sum(
    lines.map((l) =>
      mode === 'receive'
        ? lineAmount(l.quantity, l.unitCost)
        : lineAmount(l.quantity, held(l.itemId)?.avgCost ?? '0'),
    ),
  ).toFixed(2);
}

/** The value of counted quantities at known unit prices (a GRN against its order's prices). */
export const pricedValue = (lines: { quantity: string; unitPrice: string }[]) =>
  sum(lines.map((l) => lineAmount(l.quantity, l.unitPrice))).toFixed(2);

/**
 * The lines of a stock document. `receive`: any stock item at a unit cost the user enters, with
 * batch and expiry. `issue`: the items the store holds, with what is there and the value at its
 * average cost (the server values it again when it saves).
 */
export function StockLines({
  mode,
  form,
  stock,
}: {
  mode: 'receive' | 'issue';
  /** The document's form: its `lines` value and error. */
  form: {
    values: { lines: StockLine[] };
    errors: { lines?: string | undefined };
    setValue: (key: 'lines', lines: StockLine[]) => void;
  };
  stock?: StoreStock[] | undefined;
}) {
  const { t } = useTranslation();
  const lines = form.values.lines;
  const error = form.errors.lines;
  const onChange = (next: StockLine[]) => form.setValue('lines', next);
  const choices = useItemChoices();
  const set = (index: number, change: Partial<StockLine>) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const options =
    mode === 'receive'
      ? (choices.data ?? [])
          .filter((c) => c.kind === 'stock')
          .map((c) => ({ value: c.id, label: `${c.code} · ${c.name} (${unitLabel(c.unit)})` }))
      : (stock ?? []).map((s) => ({
          value: s.itemId,
          label: `${s.itemCode} · ${s.itemName} — ${formatDecimal(s.quantity, 3)} ${unitLabel(s.unit, s.quantity)}`,
        }));
  const lineValue = (l: StockLine) => stockLinesValue([l], mode, stock);
  return (
    <>
      <Table data-testid="stock-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inventoryMd.item')}</Table.Th>
            <Table.Th>{t('inventoryMd.quantity')}</Table.Th>
            {mode === 'receive' && <Table.Th>{t('inventoryMd.unitCost')}</Table.Th>}
            <Table.Th>{t('inventoryMd.batchNo')}</Table.Th>
            {mode === 'receive' && <Table.Th>{t('inventoryMd.expiry')}</Table.Th>}
            <Table.Th ta="right">{t('inventoryMd.value')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <StockLineRow
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are edited in place by position
              key={i}
              index={i}
              line={l}
              mode={mode}
              options={options}
              value={lineValue(l)}
              onChange={(change) => set(i, change)}
              onRemove={() => onChange(lines.filter((_, j) => j !== i))}
            />
          ))}
        </Table.Tbody>
      </Table>
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...lines, { ...blankLine }])}
          data-testid="add-line"
        >
          {t('inventoryMd.addLine')}
        </Button>
        <Text fw={700}>
          {mode === 'issue' ? t('inventoryMd.estimatedValue') : t('inventoryMd.total')}:{' '}
          {formatMoney(stockLinesValue(lines, mode, stock))}
        </Text>
      </Group>
    </>
  );
}

/** The lines as the API takes them: empty rows left out, blank optional fields as null. */
export function linesBody(lines: StockLine[], mode: 'receive' | 'issue') {
  return lines
    .filter((l) => l.itemId || l.quantity)
    .map((l) => ({
      itemId: l.itemId ?? '',
      quantity: l.quantity.trim(),
      batchNo: l.batchNo.trim() || null,
      ...(mode === 'receive' ? { unitCost: l.unitCost.trim(), expiryDate: l.expiryDate || null } : {}),
    }));
}

/** One line: the item, quantity, unit cost (receiving), batch, expiry (receiving), its value. */
function StockLineRow({
  index,
  line: l,
  mode,
  options,
  value,
  onChange,
  onRemove,
}: {
  index: number;
  line: StockLine;
  mode: 'receive' | 'issue';
  options: { value: string; label: string }[];
  value: string;
  onChange: (change: Partial<StockLine>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td miw={220}>
        <Select
          aria-label={t('inventoryMd.item')}
          searchable
          data={options}
          value={l.itemId}
          onChange={(v) => onChange({ itemId: v })}
          nothingFoundMessage={t('inventoryMd.nothingInStore')}
          data-testid={`line-${index}-item`}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('inventoryMd.quantity')}
          w={110}
          inputMode="decimal"
          value={l.quantity}
          onChange={(e) => onChange({ quantity: e.currentTarget.value })}
          data-testid={`line-${index}-quantity`}
        />
      </Table.Td>
      {mode === 'receive' && (
        <Table.Td>
          <TextInput
            aria-label={t('inventoryMd.unitCost')}
            w={130}
            inputMode="decimal"
            value={l.unitCost}
            onChange={(e) => onChange({ unitCost: e.currentTarget.value })}
            data-testid={`line-${index}-cost`}
          />
        </Table.Td>
      )}
      <Table.Td>
        <TextInput
          aria-label={t('inventoryMd.batchNo')}
          w={120}
          value={l.batchNo}
          onChange={(e) => onChange({ batchNo: e.currentTarget.value })}
        />
      </Table.Td>
      {mode === 'receive' && (
        <Table.Td>
          <DateField
            aria-label={t('inventoryMd.expiry')}
            value={l.expiryDate}
            onChange={(e) => onChange({ expiryDate: e.currentTarget.value })}
          />
        </Table.Td>
      )}
      <Table.Td ta="right">{formatMoney(value)}</Table.Td>
      <Table.Td>
        <RemoveLineButton label={t('inventoryMd.removeLine')} onClick={onRemove} />
      </Table.Td>
    </Table.Tr>
  );
}
