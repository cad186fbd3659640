import { Badge, Text, TextInput } from '@mantine/core';
import { dec, toMoney } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EditLines } from '../../../components/EditLines.tsx';
import type { LineColumn } from '../../../components/LinesTable.tsx';
import { RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';

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
        ({unitLabel(l.unit)})
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

/** The request's lines: BOQ suggestion, editable quantity, credit value and the limit it meets. */
export function RequestLinesTable({
  lines,
  onChange,
}: {
  lines: EditableLine[];
  onChange: (lines: EditableLine[]) => void;
}) {
  const { t } = useTranslation();
  const change = (i: number, quantity: string) =>
    onChange(lines.map((x, j) => (j === i ? { ...x, quantity } : x)));
  return (
    <EditLines<EditableLine>
      label={t('inputs.lines')}
      testId="request-lines"
      lines={lines}
      lineKey={(l) => l.itemId}
      columns={[
        { key: 'item', header: t('inputs.item'), role: 'item', render: (l) => <ItemName line={l} /> },
        {
          key: 'suggested',
          header: t('inputs.requests.suggested'),
          role: 'extra',
          align: 'right',
          render: suggested,
        },
        {
          key: 'quantity',
          header: t('inputs.quantity'),
          role: 'figure',
          render: (l, i) => (
            <TextInput
              aria-label={t('inputs.quantityOf', { item: l.itemName })}
              w={110}
              maw="100%"
              inputMode="decimal"
              value={l.quantity}
              onChange={(e) => change(i, e.currentTarget.value)}
            />
          ),
        },
        {
          key: 'price',
          header: t('inputs.prices.creditPrice'),
          role: 'figure',
          align: 'right',
          render: (l) => formatDecimal(l.creditPrice),
        },
        {
          key: 'value',
          header: t('inputs.requests.creditValue'),
          role: 'figure',
          align: 'right',
          render: (l) => formatDecimal(lineValue(l)),
        },
        {
          key: 'limit',
          header: t('inputs.requests.limitLeft'),
          role: 'extra',
          align: 'right',
          render: (l) => (
            <>
              {formatMoney(dec(l.creditLimit).minus(dec(l.usedElsewhere)).toFixed(2))}{' '}
              {isOverLimit(l) && (
                <Badge color="red" variant="light" data-testid="over-limit">
                  {t('status.over_limit')}
                </Badge>
              )}
            </>
          ),
        },
        {
          key: 'remove',
          header: '',
          role: 'action',
          render: (l, i) => (
            <RemoveLineButton
              label={t('inputs.requests.removeLine', { item: l.itemName })}
              onClick={() => onChange(lines.filter((_, j) => j !== i))}
            />
          ),
        },
      ]}
    />
  );
}
