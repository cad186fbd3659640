import { Code, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { AuditEvent } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { isRecord } from '../lib/api-error.ts';
import { formatDateTime } from '../lib/format.ts';
import { actionLabel, fieldName, fieldValue } from '../lib/history-format.ts';
import { EmptyBlock, LoadingBlock } from './EmptyBlock.tsx';

interface HistoryTimelineProps {
  events: AuditEvent[] | undefined;
  loading?: boolean;
  /** The visible name of a record field ("lastName" -> "Last name"); raw names otherwise. */
  fieldLabel?: (field: string) => string;
}

/** The fields an update changed, as "field: before → after", named and formatted for people. */
export function changedFields(before: unknown, after: unknown, label = fieldName): string[] {
  if (!isRecord(after)) return [];
  const previous = isRecord(before) ? before : {};
  return Object.keys(after)
    .filter((key) => JSON.stringify(previous[key]) !== JSON.stringify(after[key]))
    .map((key) => `${label(key)}: ${fieldValue(previous[key])} → ${fieldValue(after[key])}`);
}

/** A record's audit trail (who, when, what changed), newest first. */
export function HistoryTimeline({ events, loading, fieldLabel }: HistoryTimelineProps) {
  const { t } = useTranslation();
  if (loading) return <LoadingBlock />;
  if (!events || events.length === 0) return <EmptyBlock icon={IconHistory} title={t('history.empty')} />;
  const sorted = [...events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="history-timeline">
      {sorted.map((event) => {
        const action = actionLabel(event.action);
        const changes = event.before === null ? [] : changedFields(event.before, event.after, fieldLabel);
        return (
          <Timeline.Item key={event.id} title={action}>
            <Text size="xs" c="dimmed">
              {t('history.byAt', {
                name: event.actorName ?? t('history.system'),
                at: formatDateTime(event.at),
              })}
            </Text>
            {changes.length > 0 && (
              <Stack gap={2} mt={4}>
                {changes.map((change) => (
                  <Code key={change} fz="xs">
                    {change}
                  </Code>
                ))}
              </Stack>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
