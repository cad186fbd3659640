import { Anchor, Button, Stack, Text } from '@mantine/core';
import { INBOX_SOURCES, type InboxItem } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/DataTable.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ListFilter } from '../../components/ListFilter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { pagedRows } from '../../components/paged-rows.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useListState } from '../../components/use-list-state.ts';
import { formatDate, moneyOrDash } from '../../lib/format.ts';
import { SESSION_KEYS, writeItem } from '../../lib/storage.ts';
import { useInboxCounts, useInboxList } from './hooks.ts';
import { INBOX_LINK } from './links.ts';

const DAY_MS = 86_400_000;

/** Opening an accounting record's list opens it in the record's book, as the sidebar would. */
const opens = (item: InboxItem) => ({
  component: Link,
  to: INBOX_LINK[item.source](item),
  onClick: () => item.book && writeItem(SESSION_KEYS.accountingMode, item.book),
});

/** "Waiting for me" (#27): what the user may approve or act on, oldest first, each opening its record. */
export default function InboxPage() {
  const { t } = useTranslation();
  const list = useListState(['source']);
  const counts = useInboxCounts();
  const rows = useInboxList(list.query);
  const waited = (since: string) => {
    const days = Math.floor((Date.now() - Date.parse(since)) / DAY_MS);
    return days < 1 ? t('inbox.today') : t('inbox.days', { count: days });
  };
  const party = (item: InboxItem) =>
    item.party && (item.source === 'payment_batches' || item.source === 'batches_to_pay')
      ? t(`pay.parties.${item.party as 'farmer'}`)
      : item.party;
  const columns: Column<InboxItem>[] = [
    {
      key: 'number',
      header: t('inbox.number'),
      render: (item) => (
        <Anchor {...opens(item)} size="sm" fw={600} data-testid="inbox-item-link">
          {item.number}
        </Anchor>
      ),
    },
    { key: 'status', header: t('fields.status'), render: (item) => <StatusBadge status={item.status} /> },
    { key: 'what', header: t('inbox.what'), render: (item) => t(`inbox.sources.${item.source}`) },
    { key: 'party', header: t('inbox.party'), render: (item) => party(item) ?? '—' },
    { key: 'description', header: t('inbox.description'), render: (item) => item.description ?? '—' },
    { key: 'amount', header: t('inbox.amount'), render: (item) => moneyOrDash(item.amount), align: 'right' },
    {
      key: 'since',
      header: t('inbox.since'),
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(item.waitingSince)}</Text>
          <Text size="xs" c="dimmed">
            {waited(item.waitingSince)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'open',
      header: '',
      render: (item) => (
        <Button {...opens(item)} size="compact-sm" variant="light" data-testid="inbox-open">
          {t('inbox.open')}
        </Button>
      ),
    },
  ];
  const sources = counts.data?.sources ?? {};
  return (
    <>
      <PageHeader title={t('inbox.title')} description={t('inbox.intro')} />
      <DataTable
        label={t('inbox.title')}
        testId="inbox-table"
        columns={columns}
        {...pagedRows(rows)}
        rowKey={(item) => `${item.source}-${item.id}`}
        list={list}
        filters={
          <ListFilter
            list={list}
            name="source"
            label={t('inbox.source')}
            width={280}
            testId="inbox-source"
            data={INBOX_SOURCES.filter((s) => sources[s] || list.filters.source === s).map((s) => ({
              value: s,
              label: `${t(`inbox.sources.${s}`)} (${sources[s] ?? 0})`,
            }))}
          />
        }
        empty={{ title: t('inbox.empty'), description: t('inbox.emptyHint') }}
      />
    </>
  );
}
