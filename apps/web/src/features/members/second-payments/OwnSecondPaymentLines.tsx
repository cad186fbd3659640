import type { OwnSecondPaymentLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { useOwnSecondPaymentLines } from './hooks.ts';

/** An AMCOS user's own farmers' second payments, per approved second payment (read-only, #32). */
export function OwnSecondPaymentLines() {
  const { t } = useTranslation();
  const lines = useOwnSecondPaymentLines(true);
  if (!lines.data?.length) return null;
  const columns: LineColumn<OwnSecondPaymentLine>[] = [
    { key: 'no', header: t('secondPayments.number'), value: (l) => l.paymentNo },
    { key: 'crop', header: t('secondPayments.seasonCrop'), value: (l) => `${l.seasonName} · ${l.cropName}` },
    { key: 'farmerNo', header: t('secondPayments.farmerNo'), value: (l) => l.farmerNo },
    { key: 'farmer', header: t('secondPayments.farmer'), value: (l) => l.farmerName },
    { key: 'rate', header: t('secondPayments.ratePerKg'), kind: 'money', value: (l) => l.ratePerKg },
    { key: 'kg', header: t('secondPayments.kg'), kind: 'kg', value: (l) => l.kg },
    {
      key: 'amount',
      header: t('secondPayments.amount'),
      kind: 'money',
      value: (l) => l.amount,
      strong: true,
    },
  ];
  return (
    <Section title={t('secondPayments.own')}>
      <LinesTable
        label={t('secondPayments.own')}
        columns={columns}
        lines={lines.data}
        lineKey={(l) => l.id}
        testId="own-second-payment-lines"
      />
    </Section>
  );
}
