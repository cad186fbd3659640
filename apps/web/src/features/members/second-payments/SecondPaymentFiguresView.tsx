import type { SecondPaymentFigures, SecondPaymentLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatKg, formatMoney } from '../../../lib/format.ts';
import { farmerPaidColumns } from './columns.ts';

type Line = Omit<SecondPaymentLine, 'id'>;

/** A second payment's figures (previewed or saved): the rate and the whole, then each farmer's line. */
export function SecondPaymentFiguresView({ figures }: { figures: SecondPaymentFigures }) {
  const { t } = useTranslation();
  const columns: LineColumn<Line>[] = [
    { key: 'amcos', header: t('secondPayments.amcos'), value: (l) => l.amcosName },
    ...farmerPaidColumns<Line>(t),
  ];
  return (
    <>
      <Section>
        <InfoGrid
          cols={{ base: 1, sm: 3, md: 4 }}
          items={[
            [t('secondPayments.season'), figures.seasonName],
            [t('secondPayments.crop'), figures.cropName],
            [
              t('secondPayments.societies'),
              figures.amcosNames.length ? figures.amcosNames.join(', ') : t('secondPayments.allSocieties'),
            ],
            [t('secondPayments.ratePerKg'), formatMoney(figures.ratePerKg)],
            [t('secondPayments.kg'), formatKg(figures.kg)],
            [t('secondPayments.total'), formatMoney(figures.total)],
          ]}
        />
      </Section>
      <Section title={t('secondPayments.lines')}>
        <LinesTable
          label={t('secondPayments.lines')}
          columns={columns}
          lines={figures.lines}
          lineKey={(l) => `${l.farmerId}:${l.amcosId}`}
          totals={{ kg: figures.kg, amount: figures.total }}
          empty={{ title: t('secondPayments.noLines') }}
          testId="second-payment-lines"
        />
      </Section>
    </>
  );
}
