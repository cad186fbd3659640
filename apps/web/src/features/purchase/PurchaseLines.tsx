import { Badge, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The head of a purchasing document's lines table: #, item, quantity, unit price, amount, then the document's own columns. */
export function LinesHead({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>#</Table.Th>
        <Table.Th>{t('purchaseMd.item')}</Table.Th>
        <Table.Th ta="right">{t('purchaseMd.quantity')}</Table.Th>
        <Table.Th ta="right">{t('purchaseMd.unitPrice')}</Table.Th>
        <Table.Th ta="right">{t('purchaseMd.amount')}</Table.Th>
        {children}
      </Table.Tr>
    </Table.Thead>
  );
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
