import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { StatementBook } from '@ushirika/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useRouteLink } from '../../../lib/route-link.ts';
import { downloadStatement, type StatementPaths, type StatementQuery } from './hooks.ts';
import { StatementControls } from './StatementControls.tsx';

/** Union staff who read the ledger: the accountant, the finance manager, the auditor. */
export const guard = (page: ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);

type Loaded = {
  book: StatementBook;
  balanced: boolean;
  unmapped: boolean;
  year: { name: string; status: 'open' | 'closed' } | null;
};

/**
 * What the four statement screens share: the title and its badges (balanced, the year open or
 * closed), the downloads, the book / date / comparison controls, the notes under the table, and
 * the loading state.
 */
export function StatementScreen({
  title,
  path,
  query,
  set,
  data,
  notes = [],
  children,
}: {
  title: string;
  path: keyof StatementPaths;
  query: StatementQuery;
  set: (changes: Record<string, string>) => void;
  data: Loaded | undefined;
  notes?: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const link = useRouteLink();
  const lines = link('statement_lines');
  return (
    <>
      <PageHeader
        title={title}
        description={t('statements.screen.hint')}
        badge={
          data && (
            <Group gap="xs">
              <Badge color={data.balanced ? 'teal' : 'red'} variant="light" data-testid="statement-balanced">
                {data.balanced
                  ? t('statements.screen.balancedBadge')
                  : t('statements.screen.unbalancedBadge')}
              </Badge>
              {data.year && (
                <Badge color={data.year.status === 'closed' ? 'gray' : 'blue'} variant="outline">
                  {data.year.name} ·{' '}
                  {data.year.status === 'closed'
                    ? t('statements.screen.yearClosed')
                    : t('statements.screen.yearOpen')}
                </Badge>
              )}
            </Group>
          )
        }
        actions={<ReportDownloads onDownload={(format) => downloadStatement(path, query, format)} />}
      />
      <ReportFreshness path={path} />
      <StatementControls query={query} set={set} />
      {data?.unmapped && (
        <Alert color="yellow" mb="md" data-testid="statement-unmapped">
          {t('statements.notes.unmapped')}{' '}
          {lines && (
            <Anchor component={Link} to={lines}>
              {t('statements.statementLines')}
            </Anchor>
          )}
        </Alert>
      )}
      {data ? (
        <Stack gap="sm">
          {children}
          {notes.map((n) => (
            <Text key={n} size="sm" c="dimmed" fs="italic">
              {n}
            </Text>
          ))}
        </Stack>
      ) : (
        <LoadingBlock />
      )}
    </>
  );
}
