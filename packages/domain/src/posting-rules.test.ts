import { describe, expect, it } from 'vitest';
import { interBookLines, postingLines } from './posting-rules.ts';

const show = (event: Parameters<typeof postingLines>[0]) =>
  postingLines(event).map((l) => [l.role, l.debit.toFixed(2), l.credit.toFixed(2)]);

describe('sales_invoice with buyer levies', () => {
  it('keeps the two lines without levies', () => {
    expect(show({ type: 'sales_invoice', amount: '1000.00' })).toEqual([
      ['buyer_receivable', '1000.00', '0.00'],
      ['crop_proceeds_payable', '0.00', '1000.00'],
    ]);
    expect(show({ type: 'sales_invoice', amount: '1000.00', buyerLevies: '0' })).toHaveLength(2);
  });
  it('debits the receivable with goods + levies and credits the beneficiaries with the levies', () => {
    expect(show({ type: 'sales_invoice', amount: '2866849.28', buyerLevies: '46336.07' })).toEqual([
      ['buyer_receivable', '2913185.35', '0.00'],
      ['crop_proceeds_payable', '0.00', '2866849.28'],
      ['payable_beneficiaries', '0.00', '46336.07'],
    ]);
  });
  it('refuses negative levies', () => {
    expect(() => postingLines({ type: 'sales_invoice', amount: '10', buyerLevies: '-1' })).toThrow(
      /negative/,
    );
  });
});

describe('the two books joined (#16)', () => {
  it('a loan debits farmer loans against the bank, or against inventory for inputs on credit', () => {
    expect(show({ type: 'loan_issued', amount: '150000.00' })).toEqual([
      ['farmer_loans', '150000.00', '0.00'],
      ['collection_bank', '0.00', '150000.00'],
    ]);
    expect(show({ type: 'loan_issued', amount: '80000', against: 'inventory' })).toEqual([
      ['farmer_loans', '80000.00', '0.00'],
      ['inventory', '0.00', '80000.00'],
    ]);
  });
  it('the union income moves the payable to levy income; a transfer moves bank to bank', () => {
    expect(show({ type: 'union_income', amount: '61387.50' })).toEqual([
      ['payable_beneficiaries', '61387.50', '0.00'],
      ['levy_income', '0.00', '61387.50'],
    ]);
    expect(show({ type: 'book_transfer', amount: '61387.50' })).toEqual([
      ['operation_bank', '61387.50', '0.00'],
      ['collection_bank', '0.00', '61387.50'],
    ]);
    expect(show({ type: 'book_transfer', amount: '61387.50', from: 'operation' })).toEqual([
      ['collection_bank', '61387.50', '0.00'],
      ['operation_bank', '0.00', '61387.50'],
    ]);
  });
  it('a dividend paying unpaid shares moves dividends payable to share capital (#32)', () => {
    expect(show({ type: 'dividend_to_shares', amount: '15000.00' })).toEqual([
      ['dividends_payable', '15000.00', '0.00'],
      ['share_capital', '0.00', '15000.00'],
    ]);
  });
  it('a second payment moves retained earnings to the farmers payable (#32)', () => {
    expect(show({ type: 'second_payment', amount: '39999.99' })).toEqual([
      ['operation_retained_earnings', '39999.99', '0.00'],
      ['payable_farmers', '0.00', '39999.99'],
    ]);
  });
  it("an AMCOS's union shares from its levy move the AMCOS payable to share capital (#32)", () => {
    expect(show({ type: 'amcos_shares', amount: '37500.00' })).toEqual([
      ['payable_amcos', '37500.00', '0.00'],
      ['share_capital', '0.00', '37500.00'],
    ]);
  });
  it('balances each book through due to Operation / due from Collection', () => {
    const due = (lines: Parameters<typeof interBookLines>[0]) =>
      interBookLines(lines).map((l) => [l.book, l.role, l.debit.toFixed(2), l.credit.toFixed(2)]);
    // union income 61,387.50: Collection gave a payable away (Dr 61,387.50), so it owes Operation
    expect(
      due([
        { book: 'collection', debit: '61387.50', credit: '0' },
        { book: 'operation', debit: '0', credit: '61387.50' },
      ]),
    ).toEqual([
      ['collection', 'due_to_operation', '0.00', '61387.50'],
      ['operation', 'due_from_collection', '61387.50', '0.00'],
    ]);
    // the collection bank pays the operation bank 61,387.50: both due accounts go back to zero
    expect(
      due([
        { book: 'operation', debit: '61387.50', credit: '0' },
        { book: 'collection', debit: '0', credit: '61387.50' },
      ]),
    ).toEqual([
      ['collection', 'due_to_operation', '61387.50', '0.00'],
      ['operation', 'due_from_collection', '0.00', '61387.50'],
    ]);
    expect(due([{ book: 'collection', debit: '5', credit: '5' }])).toEqual([]);
    expect(() => due([{ book: 'collection', debit: '5', credit: '0' }])).toThrow(/balance/);
  });
});
