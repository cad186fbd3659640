import { Button, Group, Pagination, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReconciliationAccount, StatementLine } from '@ushirika/contracts';
import { type dec, sum } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { successText } from '../../../lib/success-message.ts';
import { useAcceptMatches, useMatchingLines, useUnmatch } from './hooks.ts';
import { BookLinesTable, StatementLinesTable, signedBook, signedStatement } from './MatchingTables.tsx';
import { StatementEntryModal } from './StatementEntryModal.tsx';
import { SuggestionsPanel } from './SuggestionsPanel.tsx';

const PER_PAGE = 50;

/** Statement lines beside the account's book lines; automatic matches first, then by hand. */
export function MatchingPanel({
  account,
  canManage,
}: {
  account: ReconciliationAccount;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [matched, setMatched] = useState(false);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<{ statement: Set<string>; book: Set<string> }>({
    statement: new Set(),
    book: new Set(),
  });
  const [entryLine, setEntryLine] = useState<StatementLine | null>(null);
  const lines = useMatchingLines(account.id, { search: debounced, matched, page });
  const accept = useAcceptMatches(account.id);
  const unmatch = useUnmatch();
  const data = lines.data;
  const bankTotal = sum(
    (data?.statementLines ?? []).filter((l) => picked.statement.has(l.id)).map(signedStatement),
  );
  const bookTotal = sum((data?.bookLines ?? []).filter((l) => picked.book.has(l.id)).map(signedBook));
  const count = picked.statement.size + picked.book.size;
  const toggle = (side: 'statement' | 'book', id: string) =>
    setPicked((p) => {
      const next = new Set(p[side]);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { ...p, [side]: next };
    });
  const matchPicked = () =>
    accept.mutate(
      [{ reason: 'manual', statementLineIds: [...picked.statement], journalLineIds: [...picked.book] }],
      {
        onSuccess: () => {
          toastSuccess(successText('linesMatched'));
          setPicked({ statement: new Set(), book: new Set() });
        },
      },
    );
  const undo = (matchId: string) =>
    confirmAction({
      title: t('recon.unmatch'),
      message: t('recon.unmatchConfirm'),
      confirmLabel: t('recon.unmatch'),
      onConfirm: () => unmatch.mutate(matchId, { onSuccess: () => toastSuccess(successText('matchUndone')) }),
    });
  const amount = (value: ReturnType<typeof dec>) => `${account.currency} ${formatDecimal(value.toFixed(2))}`;
  const pages = Math.max(1, Math.ceil(Math.max(data?.statementTotal ?? 0, data?.bookTotal ?? 0) / PER_PAGE));
  return (
    <>
      {canManage && <SuggestionsPanel account={account} />}
      <Group my="md" align="end" wrap="wrap">
        <TextInput
          label={t('table.search')}
          placeholder={t('recon.searchHint')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="recon-search"
        />
        <Switch
          label={t('recon.showMatched')}
          checked={matched}
          onChange={(e) => setMatched(e.currentTarget.checked)}
          pb={8}
        />
        {canManage && !matched && (
          <Group gap="xs" pb={4}>
            <Text size="sm" data-testid="recon-selection">
              {t('recon.selection', { bank: amount(bankTotal), books: amount(bookTotal) })}
            </Text>
            <Button
              size="xs"
              disabled={count < 2 || !bankTotal.eq(bookTotal)}
              loading={accept.isPending}
              onClick={matchPicked}
              data-testid="recon-match-selected"
            >
              {t('recon.matchSelected')}
            </Button>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StatementLinesTable
          lines={data?.statementLines}
          total={data?.statementTotal ?? 0}
          picked={picked.statement}
          onToggle={(id) => toggle('statement', id)}
          canManage={canManage}
          onUndo={undo}
          onRecordEntry={setEntryLine}
        />
        <BookLinesTable
          lines={data?.bookLines}
          total={data?.bookTotal ?? 0}
          picked={picked.book}
          onToggle={(id) => toggle('book', id)}
          canManage={canManage}
        />
      </SimpleGrid>
      {pages > 1 && <Pagination mt="md" total={pages} value={page} onChange={setPage} />}
      {entryLine && (
        <StatementEntryModal account={account} line={entryLine} onClose={() => setEntryLine(null)} />
      )}
    </>
  );
}
