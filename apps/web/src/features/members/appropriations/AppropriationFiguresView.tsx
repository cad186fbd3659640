import type { AppropriationFigures, AppropriationLine } from '@ushirika/contracts';
import { sum, toMoney } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { shareColumns } from './columns.ts';

type Line = Omit<AppropriationLine, 'id'>;

/**
 * A proposal's figures (previewed or saved): the totals, then each AMCOS's dividend and bonus, what
 * pays its unpaid shares first when it chose so (a preview until approved) and what it is paid.
 */
export function AppropriationFiguresView({ figures }: { figures: AppropriationFigures }) {
  const { t } = useTranslation();
  const columns: LineColumn<Line>[] = [
    { key: 'amcos', header: t('appropriations.amcos'), value: (l) => l.amcosName },
    ...shareColumns<Line>(t, false),
    { key: 'toShares', header: t('appropriations.toShares'), kind: 'money', value: (l) => l.toShares },
    { key: 'toPay', header: t('appropriations.toPay'), kind: 'money', value: (l) => l.toPay, strong: true },
  ];
  return (
    <>
      <Section>
        <InfoGrid
          cols={{ base: 1, sm: 3, md: 4 }}
          items={[
            [t('appropriations.year'), figures.yearName],
            [t('appropriations.season'), figures.seasonName],
            [t('appropriations.surplus'), formatMoney(figures.surplus)],
            [t('appropriations.reservePercent'), formatDecimal(figures.reservePercent)],
            [t('appropriations.reserve'), formatMoney(figures.reserve)],
            [t('appropriations.dividendPercent'), formatDecimal(figures.dividendPercent)],
            [t('appropriations.dividend'), formatMoney(figures.dividend)],
            [t('appropriations.bonusPerKg'), formatMoney(figures.bonusPerKg)],
            [t('appropriations.bonus'), formatMoney(figures.bonus)],
            [t('appropriations.retained'), formatMoney(figures.retained)],
          ]}
        />
      </Section>
      <Section title={t('appropriations.lines')}>
        <LinesTable
          label={t('appropriations.lines')}
          columns={columns}
          lines={figures.lines}
          lineKey={(l) => l.amcosId}
          totals={{
            dividend: figures.dividend,
            bonus: figures.bonus,
            payable: toMoney(sum([figures.dividend, figures.bonus])),
            toShares: toMoney(sum(figures.lines.map((l) => l.toShares))),
            toPay: toMoney(sum(figures.lines.map((l) => l.toPay))),
          }}
          empty={{ title: t('appropriations.noLines') }}
          testId="appropriation-lines"
        />
      </Section>
    </>
  );
}
