import { Button, Checkbox, Table, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { BookLine, StatementLine } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
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
    <div>
      <Title order={4} mb="xs">
        {t('recon.statementLines', { count: total })}
      </Title>
      {lines && lines.length === 0 ? (
        <EmptyBlock icon={IconBuildingBank} title={t('recon.noStatementLines')} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover data-testid="recon-statement-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('acc.date')}</Table.Th>
                <Table.Th>{t('recon.reference')}</Table.Th>
                <Table.Th>{t('recon.description')}</Table.Th>
                <Table.Th ta="right">{t('acc.amount')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(lines ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {!l.matchId && canManage && (
                      <Checkbox
                        aria-label={`${l.reference ?? ''} ${l.description}`}
                        checked={picked.has(l.id)}
                        onChange={() => onToggle(l.id)}
                      />
                    )}
                  </Table.Td>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}

/** The books' side: the account's journal lines to pick. */
export function BookLinesTable({ lines, total, picked, onToggle, canManage }: SideProps<BookLine>) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={4} mb="xs">
        {t('recon.bookLines', { count: total })}
      </Title>
      {lines && lines.length === 0 ? (
        <EmptyBlock icon={IconBuildingBank} title={t('recon.noBookLines')} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover data-testid="recon-book-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('acc.date')}</Table.Th>
                <Table.Th>{t('acc.number')}</Table.Th>
                <Table.Th>{t('recon.description')}</Table.Th>
                <Table.Th ta="right">{t('acc.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(lines ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {!l.matchId && canManage && (
                      <Checkbox
                        aria-label={`${l.entryNumber} ${l.description}`}
                        checked={picked.has(l.id)}
                        onChange={() => onToggle(l.id)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(l.entryDate)}</Table.Td>
                  <Table.Td>
                    {l.entryNumber}
                    {l.reference ? ` · ${l.reference}` : ''}
                  </Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(signedBook(l).toFixed(2))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
