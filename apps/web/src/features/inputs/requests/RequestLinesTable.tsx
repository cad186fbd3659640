import { Badge, Table, Text } from '@mantine/core';
import { dec, toMoney } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LineInputCell } from '../../../components/LineInputCell.tsx';
import type { LineColumn } from '../../../components/LinesTable.tsx';
import { RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { formatMoney } from '../../../lib/format.ts';

export type EditableLine = {
  itemId: string;
  itemName: string;
  unit: string;
  suggestedQuantity: string | null;
  quantity: string;
  creditPrice: string;
  creditLimit: string;
  usedElsewhere: string;
};

const lineValue = (l: EditableLine) => {
  try {
    return toMoney(dec(l.quantity || '0').times(dec(l.creditPrice)));
  } catch {
    return '0.00';
  }
};

/** Over the farmer's limit for the item once this line is added to what other requests hold. */
export const isOverLimit = (l: EditableLine) =>
  dec(l.usedElsewhere)
    .plus(dec(lineValue(l)))
    .gt(dec(l.creditLimit));

type RequestItem = { itemName: string; unit: string; suggestedQuantity: string | null };

/** A request line's item with its unit. */
function ItemName({ line: l }: { line: RequestItem }) {
  return (
    <>
      {l.itemName}{' '}
      <Text span c="dimmed">
        ({l.unit})
      </Text>
    </>
  );
}

/** The quantity the BOQ suggests, as a plain number ("4", "2.5"), or a dash. */
const suggested = (l: RequestItem) => (l.suggestedQuantity ? dec(l.suggestedQuantity).toString() : '—');

/** A request line's first columns: the item with its unit, and the quantity the BOQ suggests. */
export function requestItemColumns<L extends RequestItem>(t: TFunction): LineColumn<L>[] {
  return [
    { key: 'item', header: t('inputs.item'), render: (l) => <ItemName line={l} /> },
    { key: 'suggested', header: t('inputs.requests.suggested'), align: 'right', render: suggested },
  ];
}

/** The same two cells in the request form's editable table. */
function ItemCells({ line: l }: { line: RequestItem }) {
  return (
    <>
      <Table.Td>
        <ItemName line={l} />
      </Table.Td>
      <Table.Td ta="right">{suggested(l)}</Table.Td>
    </>
  );
}

/** The request's lines: BOQ suggestion, editable quantity, credit value and the limit it meets. */
export function RequestLinesTable({
  lines,
  onChange,
}: {
  lines: EditableLine[];
  onChange: (lines: EditableLine[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table data-testid="request-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inputs.item')}</Table.Th>
            <Table.Th ta="right">{t('inputs.requests.suggested')}</Table.Th>
            <Table.Th>{t('inputs.quantity')}</Table.Th>
            <Table.Th ta="right">{t('inputs.prices.creditPrice')}</Table.Th>
            <Table.Th ta="right">{t('inputs.requests.creditValue')}</Table.Th>
            <Table.Th ta="right">{t('inputs.requests.limitLeft')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr key={l.itemId}>
              <ItemCells line={l} />
              <LineInputCell
                label={t('inputs.quantityOf', { item: l.itemName })}
                w={110}
                decimal
                value={l.quantity}
                onChange={(quantity) => onChange(lines.map((x, j) => (j === i ? { ...x, quantity } : x)))}
              />
              <Table.Td ta="right">{formatMoney(l.creditPrice)}</Table.Td>
              <Table.Td ta="right">{formatMoney(lineValue(l))}</Table.Td>
              <Table.Td ta="right">
                {formatMoney(dec(l.creditLimit).minus(dec(l.usedElsewhere)).toFixed(2))}{' '}
                {isOverLimit(l) && (
                  <Badge color="red" variant="light" data-testid="over-limit">
                    {t('status.over_limit')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <RemoveLineButton
                  label={t('inputs.requests.removeLine', { item: l.itemName })}
                  onClick={() => onChange(lines.filter((_, j) => j !== i))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
