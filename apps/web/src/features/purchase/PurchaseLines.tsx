import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LineColumn } from '../../components/LinesTable.tsx';
import { formatFigure } from '../../lib/format.ts';
import { unitLabel } from '../../lib/units.ts';

type PricedLine = {
  lineNo: number;
  itemCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  unit?: string;
};

/**
 * The columns every purchasing document's lines start with: #, item, quantity (with its unit when
 * the line has one), unit price, amount; each document adds its own after them.
 */
export function pricedLineColumns<L extends PricedLine>(t: TFunction): LineColumn<L>[] {
  return [
    { key: 'lineNo', header: '#', value: (l) => String(l.lineNo) },
    { key: 'item', header: t('purchaseMd.item'), value: (l) => `${l.itemCode} ${l.description}` },
    {
      key: 'quantity',
      header: t('purchaseMd.quantity'),
      kind: 'quantity',
      render: (l) =>
        [formatFigure('quantity', l.quantity), l.unit ? unitLabel(l.unit, l.quantity) : '']
          .filter(Boolean)
          .join(' '),
    },
    { key: 'unitPrice', header: t('purchaseMd.unitPrice'), kind: 'money', value: (l) => l.unitPrice },
    { key: 'amount', header: t('purchaseMd.amount'), kind: 'money', value: (l) => l.amount },
  ];
}

/** Whether an invoice line agrees with its order and GRNs (within the tolerances) or differs. */
export function MatchBadge({ matched }: { matched: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={matched ? 'teal' : 'orange'} variant="light">
      {matched ? t('purchaseMd.matched') : t('purchaseMd.differs')}
    </Badge>
  );
}
