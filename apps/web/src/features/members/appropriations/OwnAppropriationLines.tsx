import type { OwnAppropriationLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { useOwnAppropriationLines } from './hooks.ts';

/** An AMCOS user's dividend and bonus from the union, per approved appropriation (read-only, #32). */
export function OwnAppropriationLines() {
  const { t } = useTranslation();
  const lines = useOwnAppropriationLines(true);
  if (!lines.data?.length) return null;
  const columns: LineColumn<OwnAppropriationLine>[] = [
    { key: 'no', header: t('appropriations.number'), value: (l) => l.appropriationNo },
    { key: 'year', header: t('appropriations.year'), value: (l) => l.yearName },
    { key: 'paidShares', header: t('appropriations.paidShares'), kind: 'money', value: (l) => l.paidShares },
    { key: 'kg', header: t('appropriations.kg'), kind: 'kg', value: (l) => l.kg },
    { key: 'dividend', header: t('appropriations.dividend'), kind: 'money', value: (l) => l.dividend },
    { key: 'bonus', header: t('appropriations.bonus'), kind: 'money', value: (l) => l.bonus },
    {
      key: 'payable',
      header: t('appropriations.payable'),
      kind: 'money',
      value: (l) => l.payable,
      strong: true,
    },
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
