import { describe, expect, it } from 'vitest';
import { dec } from './money.ts';
import { compareSections } from './statement-compare.ts';
import { accumulatedSurplusChange, cashFlows, changesInFunds } from './statement-flows.ts';
import {
  type AccountFigures,
  financialPosition,
  fixed,
  incomeAndExpenditure,
  inSentence,
  type LineDefinition,
  type StatementContext,
} from './statements.ts';

const line = (
  code: string,
  section: LineDefinition['section'],
  type: LineDefinition['type'],
  cashFlow: LineDefinition['cashFlow'] = 'operating',
): LineDefinition => ({ code, section, name: code, cashFlow, sortOrder: 0, type });
const LINES = [
  line('cash', 'current_assets', 'asset'),
  line('loans', 'current_assets', 'asset'),
  line('payables', 'current_liabilities', 'liability'),
  line('capital', 'share_capital', 'equity', 'financing'),
  line('retained', 'accumulated_surplus', 'equity', 'financing'),
  line('levies', 'income', 'income'),
  line('costs', 'expenditure', 'expense'),
];
const ctx = (union: boolean): StatementContext => ({
  lines: LINES,
  rules: {
    account: new Map([['re', 'retained']]),
    group: new Map(),
    class: new Map([
      ['A', 'cash'],
      ['L', 'payables'],
      ['E', 'capital'],
      ['I', 'levies'],
      ['X', 'costs'],
    ]),
  },
  union,
  labels: (key, values) => `${key}${values ? JSON.stringify(values) : ''}`,
});
const account = (
  id: string,
  type: AccountFigures['type'],
  book: AccountFigures['book'],
  opening: string,
  movement: string,
  extra: Partial<AccountFigures> = {},
): AccountFigures => ({
  id,
  code: id,
  name: id,
  book,
  type,
  groupId: 'g',
  classId: { asset: 'A', liability: 'L', equity: 'E', income: 'I', expense: 'X' }[type],
  cash: false,
  interBook: false,
  opening: dec(opening),
  movement: dec(movement),
  closedEarlier: dec(0),
  ...extra,
});

// Operation book: bank 1,000 at the start (capital 1,000); in the period the union's levy of 300,
// owed by the Collection book (due from 300), and costs of 100 paid from the bank. Collection
// book: bank 500 = payables 500 at the start; the levy of 300 moves out of the payables into the
// due to the Operation book.
const ACCOUNTS = [
  account('obank', 'asset', 'operation', '1000', '-100', { cash: true }),
  account('duefrom', 'asset', 'operation', '0', '300', { interBook: true }),
  account('capital', 'equity', 'operation', '-1000', '0'),
  account('levies', 'income', 'operation', '0', '-300'),
  account('costs', 'expense', 'operation', '0', '100'),
  account('cbank', 'asset', 'collection', '500', '0', { cash: true }),
  account('payables', 'liability', 'collection', '-500', '300'),
  account('dueto', 'liability', 'collection', '0', '-300', { interBook: true }),
];

describe('the statements from account figures', () => {
  it('a book shows its due-to / due-from; the union eliminates them and still balances', () => {
    const op = financialPosition(
      ACCOUNTS.filter((a) => a.book === 'operation'),
      ctx(false),
    );
    expect([fixed(op.assets), fixed(op.liabilities), fixed(op.funds)]).toEqual([
      '1200.00',
      '0.00',
      '1200.00',
    ]);
    expect(op.sections[1]?.lines.map((l) => [l.key, fixed(l.amount)])).toEqual([
      ['cash', '900.00'],
      ['due_from_collection', '300.00'],
    ]);
    const union = financialPosition(ACCOUNTS, ctx(true));
    expect([fixed(union.assets), fixed(union.liabilities), fixed(union.funds)]).toEqual([
      '1400.00',
      '200.00',
      '1200.00',
    ]);
    expect(
      union.elimination && [
        fixed(union.elimination.dueToOperation),
        fixed(union.elimination.dueFromCollection),
      ],
    ).toEqual(['300.00', '300.00']);
    expect(
      union.sections.find((s) => s.key === 'accumulated_surplus')?.lines.map((l) => [l.key, fixed(l.amount)]),
    ).toEqual([['current_surplus', '200.00']]);
  });

  it('income and expenditure, cash flows and changes in funds agree with each other', () => {
    const ie = incomeAndExpenditure(ACCOUNTS, ctx(true));
    expect([fixed(ie.income), fixed(ie.expenditure), fixed(ie.surplus)]).toEqual([
      '300.00',
      '100.00',
      '200.00',
    ]);
    expect(fixed(accumulatedSurplusChange(ACCOUNTS, ctx(true)))).toBe('200.00');
    const cash = cashFlows(ACCOUNTS, ctx(true));
    // surplus 200, payables -300 (the levy left the crop money): net -100 = the bank's change.
    expect(cash.sections[0]?.lines.map((l) => [l.key, fixed(l.amount)])).toEqual([
      ['surplus', '200.00'],
      ['payables', '-300.00'],
    ]);
    expect([fixed(cash.openingCash), fixed(cash.closingCash), fixed(cash.cashPerBooks)]).toEqual([
      '1500.00',
      '1400.00',
      '1400.00',
    ]);
    const changes = changesInFunds(ACCOUNTS, ctx(true));
    expect(
      changes.rows.map((r) => [r.key, fixed(r.amounts.share_capital), fixed(r.amounts.accumulated_surplus)]),
    ).toEqual([
      ['opening', '1000.00', '0.00'],
      ['surplus', '0.00', '200.00'],
      ['closing', '1000.00', '200.00'],
    ]);
  });

  it('puts a comparative beside each line, zero where a period has none', () => {
    const now = financialPosition(ACCOUNTS, ctx(true)).sections;
    const before = financialPosition(
      ACCOUNTS.map((a) => ({ ...a, movement: dec(0) })),
      ctx(true),
    ).sections;
    const merged = compareSections(now, before);
    expect(merged[1]?.lines.map((l) => [l.key, l.amount, l.comparative, l.change])).toEqual([
      ['cash', '1400.00', '1500.00', '-100.00'],
    ]);
    expect(merged.find((s) => s.key === 'accumulated_surplus')?.lines[0]).toMatchObject({
      amount: '200.00',
      comparative: '0.00',
    });
    expect(compareSections(now, null)[1]?.total).toEqual({
      amount: '1400.00',
      comparative: null,
      change: null,
    });
  });

  it('writes a line name into a sentence in lower case, but not an acronym', () => {
    expect([
      inSentence('Receivables'),
      inSentence('VAT payable'),
      inSentence('AMCOS'),
      inSentence('Madai'),
    ]).toEqual(['receivables', 'VAT payable', 'AMCOS', 'madai']);
  });
});
