import type { TFunction } from 'i18next';
import type { LineColumn } from '../../../components/LinesTable.tsx';

type Paid = { farmerNo: string; farmerName: string; kg: string; amount: string };

/** A farmer's second payment as every list of it shows it: the farmer, kg and the amount (bold). */
export function farmerPaidColumns<L extends Paid>(t: TFunction, rate?: LineColumn<L>): LineColumn<L>[] {
  return [
    { key: 'farmerNo', header: t('secondPayments.farmerNo'), value: (l) => l.farmerNo },
    { key: 'farmer', header: t('secondPayments.farmer'), value: (l) => l.farmerName },
    ...(rate ? [rate] : []),
    { key: 'kg', header: t('secondPayments.kg'), kind: 'kg', value: (l) => l.kg },
    {
      key: 'amount',
      header: t('secondPayments.amount'),
      kind: 'money',
      value: (l) => l.amount,
      strong: true,
    },
  ];
}
