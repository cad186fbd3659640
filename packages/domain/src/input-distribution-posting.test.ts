import { describe, expect, it } from 'vitest';
import { interBookLines, postingLines } from './posting-rules.ts';

type Distribution = Extract<Parameters<typeof postingLines>[0], { type: 'input_distribution' }>;

/** A distribution's event: nothing paid any way but the parts given. */
const distribution = (parts: Partial<Omit<Distribution, 'type'>>): Distribution => ({
  type: 'input_distribution',
  cost: 0,
  loan: 0,
  cash: 0,
  subsidy: 0,
  free: 0,
  ...parts,
});

const show = (parts: Partial<Omit<Distribution, 'type'>>) =>
  postingLines(distribution(parts)).map((l) => [l.role, l.debit.toFixed(2), l.credit.toFixed(2)]);

describe('input_distribution (#14)', () => {
  it('credit: 4 bags x 65,000 owed, cost 4 x 52,500 = 210,000: margin 50,000', () => {
    expect(show({ cost: '210000', loan: '260000' })).toEqual([
      ['farmer_loans', '260000.00', '0.00'],
      ['input_margin_income', '0.00', '50000.00'],
      ['inventory', '0.00', '210000.00'],
    ]);
  });
  it('subsidised: farmer owes 10 x 20,000, the programme 10 x 30,000, cost 10 x 45,000: margin 50,000', () => {
    expect(show({ cost: '450000', loan: '200000', subsidy: '300000' })).toEqual([
      ['farmer_loans', '200000.00', '0.00'],
      ['input_subsidy_receivable', '300000.00', '0.00'],
      ['input_margin_income', '0.00', '50000.00'],
      ['inventory', '0.00', '450000.00'],
    ]);
  });
  it('cash below cost debits the margin; free inputs are an expense at cost', () => {
    expect(show({ cost: '1000', cash: '900' })).toEqual([
      ['operation_bank', '900.00', '0.00'],
      ['input_margin_income', '100.00', '0.00'],
      ['inventory', '0.00', '1000.00'],
    ]);
    expect(show({ cost: '1000', free: '1000' })).toEqual([
      ['inputs_issued_expense', '1000.00', '0.00'],
      ['inventory', '0.00', '1000.00'],
    ]);
  });
  it('a reversal swaps every line', () => {
    expect(show({ cost: '210000', loan: '260000', reverse: true })).toEqual([
      ['farmer_loans', '0.00', '260000.00'],
      ['input_margin_income', '50000.00', '0.00'],
      ['inventory', '210000.00', '0.00'],
    ]);
  });
  it('the loan (Collection) against stock (Operation) balances each book through due-to / due-from', () => {
    const lines = postingLines(distribution({ cost: '210000', loan: '260000' }));
    const bookOf = (role: string) => (role === 'farmer_loans' ? 'collection' : 'operation');
    const due = interBookLines(
      lines.map((l) => ({ book: bookOf(l.role), debit: l.debit, credit: l.credit })),
    );
    expect(due.map((l) => [l.book, l.role, l.debit.toFixed(2), l.credit.toFixed(2)])).toEqual([
      ['collection', 'due_to_operation', '0.00', '260000.00'],
      ['operation', 'due_from_collection', '260000.00', '0.00'],
    ]);
  });
});
