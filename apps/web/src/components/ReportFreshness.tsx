import { Text } from '@mantine/core';
import { IconClock, IconDatabaseExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useReportFreshness } from '../lib/report-freshness.ts';

/**
 * The "as of" line of a report page (#34): how old the replica's figures are, or that they come
 * from the main database because the replica is behind or unavailable. Nothing without a replica.
 * `path` is the report's API path, e.g. `reports/trial-balance`.
 */
export function ReportFreshness({ path }: { path: string }) {
  const { t } = useTranslation();
  const freshness = useReportFreshness(path);
  if (!freshness) return null;
  const fallback = freshness.source === 'primary';
  const Icon = fallback ? IconDatabaseExclamation : IconClock;
  return (
    <Text
      size="sm"
      c={fallback ? 'orange.8' : 'dimmed'}
      role="status"
      data-testid="report-freshness"
      style={{ display: 'flex', alignItems: 'center', gap: 6 }}
    >
      <Icon size={16} aria-hidden />
      {freshness.source === 'replica'
        ? t('reportFreshness.asOf', { seconds: freshness.lagSeconds })
        : t(freshness.fallback === 'behind' ? 'reportFreshness.behind' : 'reportFreshness.unavailable')}
    </Text>
  );
}
