import { Anchor, Code, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { AuditEvent } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRecord } from '../lib/api-error.ts';
import { formatDateTime } from '../lib/format.ts';
import { actionLabel, fieldName, fieldValue, type Refs, recordLink } from '../lib/history-format.ts';
import { EmptyBlock, LoadingBlock } from './EmptyBlock.tsx';

interface HistoryTimelineProps {
  events: AuditEvent[] | undefined;
  loading?: boolean;
  /** The visible name of a record field ("lastName" -> "Last name"); raw names otherwise. */
  fieldLabel?: (field: string) => string;
}

type Shown = { text: string; to: string | null };
export type FieldChange = { key: string; label: string; before: Shown; after: Shown };

/**
 * The fields an update changed, named and formatted for people, linked records by their name or
 * number (`refs`) with the screen they open.
 */
export function changedFieldParts(
  before: unknown,
  after: unknown,
  label = fieldName,
  refs: Refs = {},
): FieldChange[] {
  if (!isRecord(after)) return [];
  const previous = isRecord(before) ? before : {};
  const shown = (key: string, value: unknown): Shown => ({
    text: fieldValue(value, refs),
    to: recordLink(key, value),
  });
  return Object.keys(after)
    .filter((key) => JSON.stringify(previous[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      key,
      label: label(key),
      before: shown(key, previous[key]),
      after: shown(key, after[key]),
    }));
}

/** The fields an update changed, as "field: before → after". */
export function changedFields(before: unknown, after: unknown, label = fieldName, refs: Refs = {}): string[] {
  return changedFieldParts(before, after, label, refs).map(
    (c) => `${c.label}: ${c.before.text} → ${c.after.text}`,
  );
}

function Value({ value }: { value: Shown }) {
  return value.to ? (
    <Anchor component={Link} to={value.to} fz="xs" data-testid="history-link">
      {value.text}
    </Anchor>
  ) : (
    value.text
  );
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
        const changes =
          event.before === null ? [] : changedFieldParts(event.before, event.after, fieldLabel, event.refs);
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
                  <Code key={change.key} fz="xs">
                    {change.label}: <Value value={change.before} /> → <Value value={change.after} />
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
