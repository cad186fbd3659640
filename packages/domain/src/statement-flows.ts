import type { FundSection } from '@ushirika/contracts';
import { ZERO } from './ledger.ts';
import type { Dec } from './money.ts';
import {
  type AccountFigures,
  balanceAtEnd,
  FUND_COLUMNS,
  inSentence,
  isIncomeOrExpense,
  lineFor,
  placementOf,
  type RawAccount,
  type RawSection,
  SectionBuilder,
  type StatementContext,
  sectionTotal,
  surplusOf,
} from './statements.ts';

export type CashFlowFigures = {
  surplus: Dec;
  sections: RawSection[];
  netChange: Dec;
  openingCash: Dec;
  /** Opening cash + the net change. */
  closingCash: Dec;
  /** The bank and cash accounts at the end, from the books. */
  cashPerBooks: Dec;
  cashAccounts: RawAccount[];
};

const ACTIVITIES = ['operating', 'investing', 'financing'] as const;

/**
 * The statement of cash flows by the indirect method: the period's surplus, then the change in
 * every other balance of the statement of financial position (bank and cash aside) under the
 * activity its line names. An increase in an asset uses cash, an increase in a liability or in the
 * members' funds brings it. Every entry balances, so the surplus and those changes add up to the
 * change in cash; `closingCash` is checked against the bank and cash accounts themselves.
 */
export function cashFlows(accounts: readonly AccountFigures[], ctx: StatementContext): CashFlowFigures {
  const builder = new SectionBuilder();
  const surplus = surplusOf(accounts);
  const surplusPlace = { key: 'surplus', name: ctx.labels('lines.surplus'), system: true, order: -1 };
  for (const account of accounts) {
    if (account.cash) continue;
    if (isIncomeOrExpense(account)) {
      builder.add({ ...surplusPlace, section: 'operating' }, account, account.movement.negated());
      continue;
    }
    if (account.interBook && ctx.union) continue;
    const place = placementOf(account, ctx);
    const activity = account.interBook ? 'operating' : (lineFor(account, ctx)?.cashFlow ?? 'operating');
    const caption =
      account.type === 'asset'
        ? 'assetChange'
        : account.type === 'liability'
          ? 'liabilityChange'
          : 'fundsChange';
    builder.add(
      {
        ...place,
        section: activity,
        name: ctx.labels(`cashFlow.${caption}`, { line: inSentence(place.name) }),
      },
      account,
      account.movement.negated(),
    );
  }
  const sections = builder.sections(ACTIVITIES, (key) => ctx.labels(`cashFlow.${key}`));
  const cash = accounts.filter((a) => a.cash);
  const openingCash = cash.reduce((t, a) => t.plus(a.opening), ZERO);
  const netChange = sectionTotal(sections, ACTIVITIES);
  return {
    surplus,
    sections,
    netChange,
    openingCash,
    closingCash: openingCash.plus(netChange),
    cashPerBooks: cash.reduce((t, a) => t.plus(balanceAtEnd(a)), ZERO),
    cashAccounts: cash
      .map((a) => ({ accountId: a.id, code: a.code, name: a.name, book: a.book, amount: balanceAtEnd(a) }))
      .filter((a) => !a.amount.isZero())
      .sort((a, b) => a.book.localeCompare(b.book) || a.code.localeCompare(b.code)),
  };
}

export type FundColumns = Record<FundSection, Dec>;
export type ChangesRowFigures = {
  key: string;
  name: string;
  amounts: FundColumns;
  accountId: string | null;
  accountBook: AccountFigures['book'] | null;
};
export type ChangesFigures = { rows: ChangesRowFigures[]; closingPerPosition: FundColumns };

const columns = (init?: Partial<FundColumns>): FundColumns => ({
  share_capital: ZERO,
  reserves: ZERO,
  accumulated_surplus: ZERO,
  ...init,
});
const isFund = (section: string): section is FundSection =>
  (FUND_COLUMNS as readonly string[]).includes(section);

/** The members' funds column an equity account adds to (an account not mapped counts as a reserve). */
function columnOf(account: AccountFigures, ctx: StatementContext): FundSection {
  const section = lineFor(account, ctx)?.section;
  return section && isFund(section) ? section : 'reserves';
}

/** Members' funds per column from net debit balances: equity by its column, income and expenses as accumulated surplus. */
function fundsAt(
  accounts: readonly AccountFigures[],
  ctx: StatementContext,
  balance: (a: AccountFigures) => Dec,
) {
  const funds = columns();
  for (const account of accounts) {
    if (account.type === 'equity') {
      const column = columnOf(account, ctx);
      funds[column] = funds[column].minus(balance(account));
    } else if (isIncomeOrExpense(account)) {
      funds.accumulated_surplus = funds.accumulated_surplus.minus(balance(account));
    }
  }
  return funds;
}

/**
 * The statement of changes in members' funds: share capital, reserves and accumulated surplus at
 * the start, the surplus of the period, each equity account's movement (shares issued, transfers to
 * reserves, appropriations), and the closing balances. A year-end closing entry into an account
 * outside the accumulated surplus shows as a transfer out of it. `closingPerPosition` is the
 * statement of financial position's funds at the end, which the closing row must equal.
 */
export function changesInFunds(accounts: readonly AccountFigures[], ctx: StatementContext): ChangesFigures {
  const opening = fundsAt(accounts, ctx, (a) => a.opening);
  const rows: ChangesRowFigures[] = [
    {
      key: 'opening',
      name: ctx.labels('changes.opening'),
      amounts: opening,
      accountId: null,
      accountBook: null,
    },
    {
      key: 'surplus',
      name: ctx.labels('changes.surplus'),
      amounts: columns({ accumulated_surplus: surplusOf(accounts) }),
      accountId: null,
      accountBook: null,
    },
  ];
  const equity = accounts
    .filter((a) => a.type === 'equity')
    .sort((a, b) => a.book.localeCompare(b.book) || a.code.localeCompare(b.code));
  for (const account of equity) {
    const column = columnOf(account, ctx);
    const moved = account.movement.negated();
    const row = { accountId: account.id, accountBook: account.book, name: `${account.code} ${account.name}` };
    if (!moved.isZero())
      rows.push({ ...row, key: `movement:${account.id}`, amounts: columns({ [column]: moved }) });
    const closedIn = account.closedEarlier.negated();
    if (!closedIn.isZero() && column !== 'accumulated_surplus') {
      rows.push({
        ...row,
        key: `closing:${account.id}`,
        name: ctx.labels('changes.closedInto', { account: row.name }),
        amounts: columns({ accumulated_surplus: closedIn.negated(), [column]: closedIn }),
      });
    }
  }
  const closing = columns();
  for (const row of rows) for (const c of FUND_COLUMNS) closing[c] = closing[c].plus(row.amounts[c]);
  rows.push({
    key: 'closing',
    name: ctx.labels('changes.closing'),
    amounts: closing,
    accountId: null,
    accountBook: null,
  });
  return { rows, closingPerPosition: fundsAt(accounts, ctx, balanceAtEnd) };
}

/**
 * The change in the accumulated surplus over the period before appropriation: its closing balance
 * on the statement of financial position, less its opening balance, less what was appropriated
 * from it (transfers to reserves, dividends, what a closing entry put elsewhere). By the rules of
 * the books it equals the surplus of the statement of income and expenditure.
 */
export function accumulatedSurplusChange(accounts: readonly AccountFigures[], ctx: StatementContext): Dec {
  const { rows, closingPerPosition } = changesInFunds(accounts, ctx);
  const appropriated = rows
    .filter((r) => r.key !== 'opening' && r.key !== 'surplus' && r.key !== 'closing')
    .reduce((t, r) => t.plus(r.amounts.accumulated_surplus), ZERO);
  const opening = rows.find((r) => r.key === 'opening')?.amounts.accumulated_surplus ?? ZERO;
  return closingPerPosition.accumulated_surplus.minus(opening).minus(appropriated);
}
