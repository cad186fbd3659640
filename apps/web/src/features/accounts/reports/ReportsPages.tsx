import { Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { BookSwitch, useBook } from '../BookSwitch.tsx';
import { downloadReport, useAccountOptions, useGeneralLedger, useTrialBalance } from '../hooks.ts';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const TrialBalanceRoute = () => guard(<TrialBalancePage />);
export const GeneralLedgerRoute = () => guard(<GeneralLedgerPage />);

const amount = (value: string) => (value === '0.00' ? '' : formatDecimal(value));

function TrialBalancePage() {
  const { t } = useTranslation();
  const [book, setBook] = useBook();
  const [asAt, setAsAt] = useState(todayInTanzania());
  const [from, setFrom] = useState('');
  const query = { book, as_at: asAt, ...(from ? { from } : {}) };
  const tb = useTrialBalance(query);
  const cols = [
    'openingDebit',
    'openingCredit',
    'periodDebit',
    'periodCredit',
    'closingDebit',
    'closingCredit',
  ] as const;
  return (
    <>
      <PageHeader
        title={t('acc.trialBalance')}
        breadcrumbs={[{ label: t('menu.reports') }, { label: t('acc.trialBalance') }]}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadReport(
                'reports/trial-balance',
                query,
                format,
                `${book.toUpperCase()}_TRIAL_BALANCE_${asAt}`,
              )
            }
          />
        }
      />
      <ReportFreshness path="reports/trial-balance" />
      <Group mb="md" align="flex-end">
        <BookSwitch value={book} onChange={setBook} />
        <DateField
          label={t('acc.periodFrom')}
          value={from || tb.data?.from || ''}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <DateField
          label={t('acc.asAt')}
          value={asAt}
          onChange={(e) => setAsAt(e.currentTarget.value || todayInTanzania())}
          data-testid="tb-as-at"
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table aria-label={t('acc.trialBalance')} data-testid="trial-balance" striped miw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>{t('fields.code')}</Table.Th>
              <Table.Th rowSpan={2}>{t('acc.account')}</Table.Th>
              <Table.Th colSpan={2} ta="center">
                {t('acc.opening')}
              </Table.Th>
              <Table.Th colSpan={2} ta="center">
                {t('acc.period')}
              </Table.Th>
              <Table.Th colSpan={2} ta="center">
                {t('acc.closing')}
              </Table.Th>
            </Table.Tr>
            <Table.Tr>
              {cols.map((c) => (
                <Table.Th key={c} ta="right">
                  {c.endsWith('Debit') ? t('acc.debit') : t('acc.credit')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tb.data?.rows.map((r) => (
              <Table.Tr key={r.accountId}>
                <Table.Td>{r.code}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                {cols.map((c) => (
                  <Table.Td key={c} ta="right">
                    {amount(r[c])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {tb.data && tb.data.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed" ta="center">
                    {t('acc.nothingPosted')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          {tb.data && (
            <Table.Tfoot>
              <Table.Tr data-testid="tb-totals">
                <Table.Th colSpan={2}>
                  {tb.data.balanced ? t('acc.totalBalanced') : t('acc.totalUnbalanced')}
                </Table.Th>
                {cols.map((c) => (
                  <Table.Th key={c} ta="right">
                    {formatDecimal(tb.data.totals[c])}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Paper>
    </>
  );
}

function GeneralLedgerPage() {
  const { t } = useTranslation();
  // A statement's line opens an account's ledger for its period (#28): ?account_id=&book=&from=&to=
  const [params] = useSearchParams();
  const linkedBook = params.get('book');
  const [book, setBook] = useBook(
    linkedBook === 'collection' || linkedBook === 'operation' ? linkedBook : undefined,
  );
  const options = useAccountOptions(book);
  const [accountId, setAccountId] = useState<string | null>(params.get('account_id'));
  const [from, setFrom] = useState(params.get('from') || `${todayInTanzania().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(params.get('to') || todayInTanzania());
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const gl = useGeneralLedger(
    { account_id: accountId ?? '', from, to, ...(after ? { after } : {}) },
    accountId !== null,
  );
  const reset = () => setCursors([]);
  return (
    <>
      <PageHeader
        title={t('acc.generalLedger')}
        breadcrumbs={[{ label: t('menu.reports') }, { label: t('acc.generalLedger') }]}
        actions={
          accountId && (
            <ReportDownloads
              onDownload={(format) =>
                downloadReport(
                  'reports/general-ledger',
                  { account_id: accountId, from, to },
                  format,
                  'GENERAL_LEDGER',
                )
              }
            />
          )
        }
      />
      <ReportFreshness path="reports/general-ledger" />
      <Group mb="md" align="flex-end">
        <BookSwitch
          value={book}
          onChange={(b) => {
            setBook(b);
            setAccountId(null);
            reset();
          }}
        />
        <Select
          w={320}
          label={t('acc.account')}
          placeholder={t('acc.chooseAccount')}
          searchable
          data={(options.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
          value={accountId}
          onChange={(v) => {
            setAccountId(v);
            reset();
          }}
          data-testid="gl-account"
        />
        <DateField
          label={t('acc.from')}
          value={from}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            reset();
          }}
        />
        <DateField
          label={t('acc.to')}
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            reset();
          }}
        />
      </Group>
      {gl.data && <LedgerTable ledger={gl.data} continued={Boolean(after)} />}
      <Group mt="md">
        {cursors.length > 0 && (
          <Button variant="default" onClick={() => setCursors((c) => c.slice(0, -1))}>
            {t('acc.previousPage')}
          </Button>
        )}
        {gl.data?.nextCursor && (
          <Button variant="default" onClick={() => setCursors((c) => [...c, gl.data?.nextCursor ?? ''])}>
            {t('acc.nextPage')}
          </Button>
        )}
      </Group>
    </>
  );
}

type Ledger = NonNullable<ReturnType<typeof useGeneralLedger>['data']>;

/** One page of an account's ledger: the balance brought in, the lines with their running balance, the closing balance. */
function LedgerTable({ ledger, continued }: { ledger: Ledger; continued: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table aria-label={t('acc.generalLedger')} data-testid="general-ledger" striped miw={800}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('acc.date')}</Table.Th>
            <Table.Th>{t('acc.number')}</Table.Th>
            <Table.Th>{t('acc.narration')}</Table.Th>
            <Table.Th ta="right">{t('acc.debit')}</Table.Th>
            <Table.Th ta="right">{t('acc.credit')}</Table.Th>
            <Table.Th ta="right">{t('acc.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={5}>{continued ? t('acc.broughtForward') : t('acc.openingBalance')}</Table.Td>
            <Table.Td ta="right">{formatDecimal(ledger.pageOpeningBalance)}</Table.Td>
          </Table.Tr>
          {ledger.lines.map((l) => (
            <Table.Tr key={l.lineId}>
              <Table.Td>{formatDate(l.entryDate)}</Table.Td>
              <Table.Td>{l.entryNumber}</Table.Td>
              <Table.Td>{l.description ?? l.narration}</Table.Td>
              <Table.Td ta="right">{amount(l.debit)}</Table.Td>
              <Table.Td ta="right">{amount(l.credit)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(l.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={5}>{t('acc.closingBalance')}</Table.Th>
            <Table.Th ta="right" data-testid="gl-closing">
              {formatDecimal(ledger.closingBalance)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
