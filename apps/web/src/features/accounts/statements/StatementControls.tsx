import { Group, SegmentedControl, Switch } from '@mantine/core';
import { todayInTanzania } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import type { StatementQuery } from './hooks.ts';

/** Which book (or the union), the date or period, and whether the previous year stands beside it. */
export function StatementControls({
  query,
  set,
}: {
  query: StatementQuery;
  set: (changes: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group mb="md" align="flex-end" gap="md" wrap="wrap">
      <SegmentedControl
        aria-label={t('statements.screen.book')}
        value={query.book}
        onChange={(book) => set({ book })}
        data={(['union', 'collection', 'operation'] as const).map((b) => ({
          value: b,
          label: t(`statements.shortBooks.${b}`),
        }))}
        data-testid="statement-book"
      />
      {query.as_at !== undefined ? (
        <DateField
          label={t('statements.screen.asAt')}
          value={query.as_at}
          onChange={(e) => set({ as_at: e.currentTarget.value || todayInTanzania() })}
          data-testid="statement-as-at"
        />
      ) : (
        <>
          <DateField
            label={t('statements.screen.from')}
            value={query.from ?? ''}
            max={query.to}
            onChange={(e) => set({ from: e.currentTarget.value })}
            data-testid="statement-from"
          />
          <DateField
            label={t('statements.screen.to')}
            value={query.to ?? ''}
            min={query.from}
            onChange={(e) => set({ to: e.currentTarget.value || todayInTanzania() })}
            data-testid="statement-to"
          />
        </>
      )}
      <Switch
        label={t('statements.screen.compare')}
        checked={query.compare === 'previous-year'}
        onChange={(e) => set({ compare: e.currentTarget.checked ? 'previous-year' : 'none' })}
        data-testid="statement-compare"
      />
    </Group>
  );
}
