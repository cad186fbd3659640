import type { OwnSecondPaymentLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { farmerPaidColumns } from './columns.ts';
import { useOwnSecondPaymentLines } from './hooks.ts';

/** An AMCOS user's own farmers' second payments, per approved second payment (read-only, #32). */
export function OwnSecondPaymentLines() {
  const { t } = useTranslation();
  const lines = useOwnSecondPaymentLines(true);
  if (!lines.data?.length) return null;
  const columns: LineColumn<OwnSecondPaymentLine>[] = [
    { key: 'no', header: t('secondPayments.number'), value: (l) => l.paymentNo },
    { key: 'crop', header: t('secondPayments.seasonCrop'), value: (l) => `${l.seasonName} · ${l.cropName}` },
    ...farmerPaidColumns<OwnSecondPaymentLine>(t, {
      key: 'rate',
      header: t('secondPayments.ratePerKg'),
      kind: 'money',
      value: (l) => l.ratePerKg,
    }),
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
