import { Text } from '@mantine/core';
import type { FinancialStatementSection, StatementFigures } from '@ushirika/contracts';
import { inSentence } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useStatement } from './hooks.ts';
import { guard, StatementScreen } from './StatementScreen.tsx';
import { figure, StatementTable, type TotalRow } from './StatementTable.tsx';
import { useStatementQuery } from './statement-query.ts';

export const FinancialPositionRoute = () => guard(<FinancialPositionPage />);
export const IncomeAndExpenditureRoute = () => guard(<IncomeAndExpenditurePage />);
export const CashFlowsRoute = () => guard(<CashFlowsPage />);

const empty = (sections: FinancialStatementSection[]) => sections.every((s) => s.lines.length === 0);

/** The column headers: this period, the same period a year earlier and the change. */
function usePeriodHeaders() {
  const { t } = useTranslation();
  const period = (from: string, to: string) =>
    t('statements.columns.period', { from: formatDate(from), to: formatDate(to) });
  return (s: { from: string; to: string; comparativeFrom: string | null; comparativeTo: string | null }) =>
    s.comparativeFrom && s.comparativeTo
      ? [period(s.from, s.to), period(s.comparativeFrom, s.comparativeTo), t('statements.columns.change')]
      : [period(s.from, s.to)];
}

function Empty({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? (
    <Text c="dimmed" ta="center" data-testid="statement-empty">
      {t('statements.screen.empty')}
    </Text>
  ) : null;
}

function FinancialPositionPage() {
  const { t } = useTranslation();
  const { query, set } = useStatementQuery(false);
  const s = useStatement('reports/financial-position', query).data;
  const asAt = (d: string) => t('statements.columns.asAt', { date: formatDate(d) });
  const total = (
    key: 'assets' | 'liabilities' | 'funds' | 'liabilitiesAndFunds',
    figures: StatementFigures,
  ): TotalRow => ({
    label: t(`statements.totals.${key}`),
    figures,
    testId: `total-${key}`,
  });
  const e = s?.elimination;
  return (
    <StatementScreen
      title={t('statements.financialPosition')}
      path="reports/financial-position"
      query={query}
      set={set}
      data={s}
      notes={
        e
          ? [
              t('statements.notes.eliminated', {
                dueTo: figure(e.dueToOperation.amount),
                dueFrom: figure(e.dueFromCollection.amount),
                difference: figure(e.difference.amount),
              }),
            ]
          : []
      }
    >
      {s && (
        <>
          <StatementTable
            label={t('statements.financialPosition')}
            testId="financial-position"
            headers={
              s.comparativeAsAt
                ? [asAt(s.asAt), asAt(s.comparativeAsAt), t('statements.columns.change')]
                : [asAt(s.asAt)]
            }
            sections={s.sections}
            union={s.book === 'union'}
            ledger={{ from: `${s.asAt.slice(0, 4)}-01-01`, to: s.asAt }}
            totalsAfter={{
              current_assets: [total('assets', s.totals.assets)],
              current_liabilities: [total('liabilities', s.totals.liabilities)],
              accumulated_surplus: [
                total('funds', s.totals.funds),
                total('liabilitiesAndFunds', s.totals.liabilitiesAndFunds),
              ],
            }}
          />
          <Empty show={empty(s.sections)} />
        </>
      )}
    </StatementScreen>
  );
}

function IncomeAndExpenditurePage() {
  const { t } = useTranslation();
  const { query, set } = useStatementQuery(true);
  const headers = usePeriodHeaders();
  const s = useStatement('reports/income-and-expenditure', query).data;
  return (
    <StatementScreen
      title={t('statements.incomeAndExpenditure')}
      path="reports/income-and-expenditure"
      query={query}
      set={set}
      data={s}
      notes={s ? [t(s.balanced ? 'statements.notes.surplusAgrees' : 'statements.notes.surplusDiffers')] : []}
    >
      {s && (
        <>
          <StatementTable
            label={t('statements.incomeAndExpenditure')}
            testId="income-and-expenditure"
            headers={headers(s)}
            sections={s.sections}
            union={s.book === 'union'}
            ledger={{ from: s.from, to: s.to }}
            totalsAfter={{
              expenditure: [
                { label: t('statements.totals.surplus'), figures: s.totals.surplus, testId: 'total-surplus' },
              ],
            }}
          />
          <Empty show={empty(s.sections)} />
        </>
      )}
    </StatementScreen>
  );
}

function CashFlowsPage() {
  const { t } = useTranslation();
  const { query, set } = useStatementQuery(true);
  const headers = usePeriodHeaders();
  const s = useStatement('reports/cash-flows', query).data;
  const row = (
    key: 'netChange' | 'openingCash' | 'closingCash' | 'cashPerBooks',
    figures: StatementFigures,
  ): TotalRow => ({
    label: t(`statements.cashFlow.${key}`),
    figures,
    testId: `cash-${key}`,
  });
  return (
    <StatementScreen
      title={t('statements.cashFlows')}
      path="reports/cash-flows"
      query={query}
      set={set}
      data={s}
      notes={s ? [t(s.balanced ? 'statements.notes.cashAgrees' : 'statements.notes.cashDiffers')] : []}
    >
      {s && (
        <StatementTable
          label={t('statements.cashFlows')}
          testId="cash-flows"
          headers={headers(s)}
          sections={s.sections}
          union={s.book === 'union'}
          ledger={{ from: s.from, to: s.to }}
          totalLabel={(section) => t('statements.totals.activity', { activity: inSentence(section.name) })}
          totalsAfter={{
            financing: [
              row('netChange', s.netChange),
              row('openingCash', s.openingCash),
              row('closingCash', s.closingCash),
              row('cashPerBooks', s.cashPerBooks),
            ],
          }}
        />
      )}
    </StatementScreen>
  );
}
