import { Button, Checkbox, Table, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { BookLine, StatementLine } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/EmptyBlock.tsx';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { RecordedEntry } from './RecordedEntry.tsx';

export const signedStatement = (l: StatementLine) => dec(l.amountIn).minus(l.amountOut);
export const signedBook = (l: BookLine) => dec(l.debit).minus(l.credit);

interface SideProps<L> {
  lines: L[] | undefined;
  total: number;
  picked: Set<string>;
  onToggle: (id: string) => void;
  canManage: boolean;
}

/** One side of the matching: its title with the count, an empty block, or its table. */
function MatchingSide({
  title,
  empty,
  isEmpty,
  testId,
  reference,
  extraColumn,
  children,
}: {
  title: string;
  empty: string;
  isEmpty: boolean;
  testId: string;
  /** The header of the side's own reference column. */
  reference: string;
  extraColumn: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {isEmpty ? (
        <EmptyBlock icon={IconBuildingBank} title={empty} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('acc.date')}</Table.Th>
                <Table.Th>{reference}</Table.Th>
                <Table.Th>{t('recon.description')}</Table.Th>
                <Table.Th ta="right">{t('acc.amount')}</Table.Th>
                {extraColumn && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}

/** A line's tick box, while it is unmatched and the user may match. */
function PickCell({
  label,
  shown,
  checked,
  onToggle,
}: {
  label: string;
  shown: boolean;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <Table.Td>{shown && <Checkbox aria-label={label} checked={checked} onChange={onToggle} />}</Table.Td>
  );
}

/** The bank's side: statement lines to pick, undo a match, or record as an entry. */
export function StatementLinesTable({
  lines,
  total,
  picked,
  onToggle,
  canManage,
  onUndo,
  onRecordEntry,
}: SideProps<StatementLine> & {
  onUndo: (matchId: string) => void;
  onRecordEntry: (line: StatementLine) => void;
}) {
  const { t } = useTranslation();
  return (
    <MatchingSide
      title={t('recon.statementLines', { count: total })}
      empty={t('recon.noStatementLines')}
      isEmpty={lines?.length === 0}
      testId="recon-statement-lines"
      reference={t('recon.reference')}
      extraColumn
    >
      {(lines ?? []).map((l) => (
        <Table.Tr key={l.id}>
          <PickCell
            label={`${l.reference ?? ''} ${l.description}`}
            shown={!l.matchId && canManage}
            checked={picked.has(l.id)}
            onToggle={() => onToggle(l.id)}
          />
          <Table.Td>{formatDate(l.lineDate)}</Table.Td>
          <Table.Td>{l.reference}</Table.Td>
          <Table.Td>{l.description}</Table.Td>
          <Table.Td ta="right">{formatDecimal(signedStatement(l).toFixed(2))}</Table.Td>
          <Table.Td>
            {l.matchId && canManage && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => onUndo(l.matchId as string)}
              >
                {t('recon.unmatch')}
              </Button>
            )}
            {!l.matchId && <RecordedEntry line={l} />}
            {!l.matchId && !l.entryId && canManage && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => onRecordEntry(l)}
                data-testid="recon-record-entry"
              >
                {t('recon.recordEntry')}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </MatchingSide>
  );
}

/** The books' side: the account's journal lines to pick. */
export function BookLinesTable({ lines, total, picked, onToggle, canManage }: SideProps<BookLine>) {
  const { t } = useTranslation();
  return (
    <MatchingSide
      title={t('recon.bookLines', { count: total })}
      empty={t('recon.noBookLines')}
      isEmpty={lines?.length === 0}
      testId="recon-book-lines"
      reference={t('acc.number')}
      extraColumn={false}
    >
      {(lines ?? []).map((l) => (
        <Table.Tr key={l.id}>
          <PickCell
            label={`${l.entryNumber} ${l.description}`}
            shown={!l.matchId && canManage}
            checked={picked.has(l.id)}
            onToggle={() => onToggle(l.id)}
          />
          <Table.Td>{formatDate(l.entryDate)}</Table.Td>
          <Table.Td>
            {l.entryNumber}
            {l.reference ? ` · ${l.reference}` : ''}
          </Table.Td>
          <Table.Td>{l.description}</Table.Td>
          <Table.Td ta="right">{formatDecimal(signedBook(l).toFixed(2))}</Table.Td>
        </Table.Tr>
      ))}
    </MatchingSide>
  );
}
