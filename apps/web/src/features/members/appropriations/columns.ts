import type { TFunction } from 'i18next';
import type { LineColumn } from '../../../components/LinesTable.tsx';

type Share = { paidShares: string; kg: string; dividend: string; bonus: string; payable: string };

/** A society's share of an appropriation as every list of it shows it: shares, kg, dividend, bonus, payable. */
export function shareColumns<L extends Share>(t: TFunction, strongPayable: boolean): LineColumn<L>[] {
  return [
    { key: 'paidShares', header: t('appropriations.paidShares'), kind: 'money', value: (l) => l.paidShares },
    { key: 'kg', header: t('appropriations.kg'), kind: 'kg', value: (l) => l.kg },
    { key: 'dividend', header: t('appropriations.dividend'), kind: 'money', value: (l) => l.dividend },
    { key: 'bonus', header: t('appropriations.bonus'), kind: 'money', value: (l) => l.bonus },
    {
      key: 'payable',
      header: t('appropriations.payable'),
      kind: 'money',
      value: (l) => l.payable,
      strong: strongPayable,
    },
  ];
}
