import { describe, expect, it } from 'vitest';
import { postingLines } from './posting-rules.ts';

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
