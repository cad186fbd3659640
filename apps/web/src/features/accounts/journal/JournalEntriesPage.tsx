import { Button, Drawer, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { JournalEntry } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { LabelledValue } from '../../../components/LabelledValue.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { useSearchParamsPatch } from '../../../components/use-search-params-patch.ts';
import { formatDate, formatDecimal, formatMoney } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { BookSwitch, useBook } from '../BookSwitch.tsx';
import { journalEntries, useJournalEntry } from '../hooks.ts';
import { JournalEntryForm } from './JournalEntryForm.tsx';

export default function JournalEntriesRoute() {
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <JournalEntriesPage />
    </RequirePermission>
  );
}

function JournalEntriesPage() {
  const { t } = useTranslation();
  const [book, setBook] = useBook();
  const [creating, setCreating] = useState(false);
  // The open entry is in the address (?entry=id), so a history panel or a link can open one.
  const [params, patch] = useSearchParamsPatch();
  const openId = params.get('entry');
  const setOpenId = (id: string | null) => patch({ entry: id }, { replace: !id });
  const canCreate = useCan('accounts.journal.create');
  return (
    <>
      <PageHeader
        title={t('acc.journal')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('acc.journal') }]}
        actions={<BookSwitch value={book} onChange={setBook} />}
      />
      <ResourceList
        key={book}
        label={t('acc.journal')}
        resource={journalEntries}
        scope={{ book }}
        filterNames={['status']}
        filters={(list) => (
          <StatusFilter list={list} statuses={['draft', 'posted', 'reversed']} width={150} />
        )}
        testId="journal-table"
        emptyTitle={t('acc.journalEmpty')}
        createLabel={t('acc.journalCreate')}
        {...(canCreate ? { onCreate: () => setCreating(true) } : {})}
        columns={[
          {
            key: 'number',
            header: t('acc.number'),
            render: (e) => (
              <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(e.id)}>
                {e.number}
              </Button>
            ),
            sortField: 'number',
          },
          {
            key: 'date',
            header: t('acc.date'),
            render: (e) => formatDate(e.entryDate),
            sortField: 'entry_date',
          },
          { key: 'narration', header: t('acc.narration'), render: (e) => e.narration },
          { key: 'source', header: t('acc.source'), render: (e) => t(`acc.sources.${e.source}`) },
          {
            key: 'total',
            header: t('acc.total'),
            render: (e) => formatDecimal(e.total),
            align: 'right',
            sortField: 'total',
          },
          { key: 'status', header: t('fields.status'), render: (e) => <StatusBadge status={e.status} /> },
        ]}
      />
      {creating && <JournalEntryForm book={book} onClose={() => setCreating(false)} />}
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="xl"
        title={t('acc.journalEntry')}
      >
        {openId && <JournalEntryDetails id={openId} onOpen={setOpenId} />}
      </Drawer>
    </>
  );
}

export function JournalEntryDetails({ id, onOpen }: { id: string; onOpen?: (id: string) => void }) {
  const { t } = useTranslation();
  const entry = useJournalEntry(id);
  if (!entry.data) return <Text c="dimmed">{t('common.loading')}</Text>;
  const e = entry.data;
  return (
    <Stack data-testid="journal-details">
      <Group justify="space-between">
        <Title order={3}>{e.number}</Title>
        <StatusBadge status={e.status} />
      </Group>
      <SimpleGrid cols={2}>
        <LabelledValue label={t('acc.date')} value={formatDate(e.entryDate)} />
        <LabelledValue label={t('acc.book')} value={t(`acc.books.${e.book}`)} />
        <LabelledValue label={t('acc.narration')} value={e.narration} />
        <LabelledValue label={t('acc.reference')} value={e.reference ?? '—'} />
        <LabelledValue label={t('acc.enteredBy')} value={e.createdByName ?? '—'} />
        <LabelledValue label={t('acc.approvedBy')} value={e.approvedByName ?? '—'} />
      </SimpleGrid>
      <Paper withBorder radius="md">
        <Table aria-label={t('acc.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('acc.account')}</Table.Th>
              <Table.Th>{t('acc.description')}</Table.Th>
              <Table.Th ta="right">{t('acc.debit')}</Table.Th>
              <Table.Th ta="right">{t('acc.credit')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{`${l.accountCode} ${l.accountName}`}</Table.Td>
                <Table.Td>
                  {l.description ?? l.partyName ?? ''}
                  {l.currency !== 'TZS'
                    ? ` (${l.currency} ${formatDecimal(l.currencyAmount)} @ ${l.rate})`
                    : ''}
                </Table.Td>
                <Table.Td ta="right">{l.debit === '0.00' ? '' : formatDecimal(l.debit)}</Table.Td>
                <Table.Td ta="right">{l.credit === '0.00' ? '' : formatDecimal(l.credit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <EntryActions entry={e} onOpen={onOpen} />
      <AttachmentsSection recordType="journal-entry" recordId={e.id} />
      <HistoryPanel entity="journal_entry" id={e.id} variant="bare" order={4} titleSize="h4" />
    </Stack>
  );
}

function EntryActions({
  entry,
  onOpen,
}: {
  entry: JournalEntry;
  onOpen: ((id: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canApprove = useCan('accounts.journal.approve');
  const action = useRecordAction('accounts/journal-entries', 'journal-entries', 'journal_entry');
  const done = {
    onSuccess: (r: { message: string; data: { id: string } }) => toastSuccess(r.message),
    onError: (err: Error) => toastError(err.message),
  };
  if (!canApprove) return null;
  return (
    <Group>
      {entry.status === 'draft' && entry.createdBy !== user?.id && (
        <Button
          loading={action.isPending}
          onClick={() =>
            confirmAction({
              title: t('confirmations.approveEntryTitle'),
              message: t('confirmations.approveEntry', { number: entry.number }),
              amount: formatMoney(entry.total),
              confirmLabel: t('acc.approve'),
              danger: false,
              onConfirm: () => action.mutate({ id: entry.id, action: 'approve' }, done),
            })
          }
          data-testid="approve-entry"
        >
          {t('acc.approve')}
        </Button>
      )}
      {entry.status === 'draft' && entry.createdBy === user?.id && (
        <Text size="sm" c="dimmed">
          {t('acc.makerChecker')}
        </Text>
      )}
      {entry.status === 'posted' && (
        <Button
          color="red"
          variant="light"
          onClick={() =>
            confirmAction({
              title: t('acc.reverse'),
              message: t('acc.reverseConfirm', { number: entry.number }),
              amount: formatMoney(entry.total),
              confirmLabel: t('acc.reverse'),
              onConfirm: () =>
                action.mutate(
                  { id: entry.id, action: 'reverse' },
                  {
                    ...done,
                    onSuccess: (r) => {
                      toastSuccess(r.message);
                      onOpen?.(r.data.id);
                    },
                  },
                ),
            })
          }
          data-testid="reverse-entry"
        >
          {t('acc.reverse')}
        </Button>
      )}
    </Group>
  );
}
