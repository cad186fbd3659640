import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { HistoryPanel } from './HistoryPanel.tsx';
import { PageHeader } from './PageHeader.tsx';
import { StatusBadge } from './StatusBadge.tsx';

interface DetailsLayoutProps {
  /** The document number or the record's name ("Invoice INV-2026-000004"). */
  title: string;
  breadcrumbs?: { label: string; to?: string }[];
  /** A line under the title: the parties, the dates. */
  description?: ReactNode;
  /** The record's lifecycle status, shown under the title as a StatusBadge. */
  status?: string | undefined;
  /** The status badge's test id (e2e specs read the status from it). */
  statusTestId?: string;
  /** A badge of another kind instead of `status` (settlement statuses, several badges). */
  badge?: ReactNode;
  /** The record's actions on the right: approve, cancel, PDF... */
  actions?: ReactNode;
  /** The audit trail shown as the last section; leave it out where a tab already shows it. */
  history?: { entity: string; id: string; fieldLabel?: (field: string) => string } | undefined;
  /** The sections (Section, InfoGrid, tables), stacked with one spacing. */
  children?: ReactNode;
}

/**
 * The one skeleton of a details page: header (number, status badge, actions), the record's
 * sections, and its history last.
 */
export function DetailsLayout({
  title,
  breadcrumbs,
  description,
  status,
  statusTestId,
  badge,
  actions,
  history,
  children,
}: DetailsLayoutProps) {
  const statusBadge = badge ?? (status ? <StatusBadge status={status} data-testid={statusTestId} /> : null);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        description={
          statusBadge || description ? (
            <Group component="span" gap="sm" align="center">
              {statusBadge}
              {description}
            </Group>
          ) : undefined
        }
        actions={actions}
      />
      <Stack gap="lg">
        {children}
        {history && (
          <HistoryPanel
            entity={history.entity}
            id={history.id}
            fieldLabel={history.fieldLabel}
            order={2}
            titleSize="h4"
            p="md"
          />
        )}
      </Stack>
    </>
  );
}
