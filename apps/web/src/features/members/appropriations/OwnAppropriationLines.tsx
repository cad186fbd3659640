import type { OwnAppropriationLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { shareColumns } from './columns.ts';
import { useOwnAppropriationLines } from './hooks.ts';

/** An AMCOS user's dividend and bonus from the union, per approved appropriation (read-only, #32). */
export function OwnAppropriationLines() {
  const { t } = useTranslation();
  const lines = useOwnAppropriationLines(true);
  if (!lines.data?.length) return null;
  const columns: LineColumn<OwnAppropriationLine>[] = [
    { key: 'no', header: t('appropriations.number'), value: (l) => l.appropriationNo },
    { key: 'year', header: t('appropriations.year'), value: (l) => l.yearName },
    ...shareColumns<OwnAppropriationLine>(t, true),
  ];
  return (
    <Section title={t('appropriations.own')}>
      <LinesTable
        label={t('appropriations.own')}
        columns={columns}
        lines={lines.data}
        lineKey={(l) => l.id}
        testId="own-appropriation-lines"
      />
    </Section>
  );
}
