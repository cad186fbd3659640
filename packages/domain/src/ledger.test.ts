import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseAmount,
  entryProblem,
  entryTotals,
  runningBalances,
  trialBalanceLine,
  trialBalanceTotals,
} from './ledger.ts';
import { postingLines } from './posting-rules.ts';

const cents = fc.integer({ min: 1, max: 1_000_000_000 }).map((c) => (c / 100).toFixed(2));

describe('entries', () => {
  it('converts USD lines to TZS half-up: 1,234.56 x 2,450.125 = 3,024,826.32; 0.01 x 2,450.5 = 24.51', () => {
    expect(baseAmount('1234.56', '2450.125').toFixed(2)).toBe('3024826.32');
    expect(baseAmount('0.01', '2450.5').toFixed(2)).toBe('24.51');
  });

  it('refuses unbalanced, one-line, two-sided and all-zero entries with a reason', () => {
    expect(entryProblem([{ debit: '100.00', credit: '0' }])).toBe('An entry needs at least two lines');
    expect(
      entryProblem([
        { debit: '100.00', credit: '0' },
        { debit: '0', credit: '99.99' },
      ]),
    ).toBe('Debits (100.00) must equal credits (99.99)');
    expect(
      entryProblem([
        { debit: '5', credit: '5' },
        { debit: '0', credit: '0' },
      ]),
    ).toBe('Line 1: enter either a debit or a credit');
    expect(
      entryProblem([
        { debit: '100.00', credit: '0' },
        { debit: '0', credit: '100.00' },
      ]),
    ).toBeNull();
  });

  it('totals any balanced set of lines to equal sides (property)', () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 20 }), (amounts) => {
        const lines = [
          ...amounts.map((a) => ({ debit: a, credit: '0' })),
          {
            debit: '0',
            credit: entryTotals(amounts.map((a) => ({ debit: a, credit: '0' }))).debit.toFixed(2),
          },
        ];
        expect(entryProblem(lines)).toBeNull();
      }),
    );
  });
});

describe('trial balance arithmetic', () => {
  it('nets opening and period into closing columns: Dr 1,000 opening, Cr 1,500 in the period = Cr 500', () => {
    expect(trialBalanceLine({ debit: '1000', credit: '0' }, { debit: '0', credit: '1500' })).toEqual({
      openingDebit: '1000.00',
      openingCredit: '0.00',
      periodDebit: '0.00',
      periodCredit: '1500.00',
      closingDebit: '0.00',
      closingCredit: '500.00',
    });
  });

  it('balances whenever the movements come from balanced entries (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(5), fc.nat(5), cents, fc.boolean()), { minLength: 1, maxLength: 40 }),
        (entries) => {
          const opening = Array.from({ length: 6 }, () => ({ debit: 0n, credit: 0n }));
          const period = Array.from({ length: 6 }, () => ({ debit: 0n, credit: 0n }));
          for (const [from, to, amount, inPeriod] of entries) {
            const c = BigInt(amount.replace('.', '')); // cents: the amount has exactly 2 decimals
            const book = inPeriod ? period : opening;
            const a = book[from];
            const b = book[to];
            if (a && b) {
              a.debit += c;
              b.credit += c;
            }
          }
          const s = (v: bigint) => (Number(v) / 100).toFixed(2);
          const rows = opening.map((o, i) =>
            trialBalanceLine(
              { debit: s(o.debit), credit: s(o.credit) },
              { debit: s(period[i]?.debit ?? 0n), credit: s(period[i]?.credit ?? 0n) },
            ),
          );
          expect(trialBalanceTotals(rows).balanced).toBe(true);
        },
      ),
    );
  });

  it('runs a balance line by line', () => {
    expect(
      runningBalances('100.00', [
        { debit: '50.00', credit: '0' },
        { debit: '0', credit: '200.00' },
      ]),
    ).toEqual(['150.00', '-50.00']);
  });
});

describe('posting rules', () => {
  it('settles 1,000,000 of proceeds into its parties and loans, balanced', () => {
    const lines = postingLines({
      type: 'settlement',
      amcos: '50000.00',
      farmers: '800000.00',
      beneficiaries: '100000.00',
      transporters: '30000.00',
      loanRecovery: '20000.00',
    });
    expect(lines.map((l) => [l.role, l.debit.toFixed(2), l.credit.toFixed(2)])).toEqual([
      ['crop_proceeds_payable', '1000000.00', '0.00'],
      ['payable_amcos', '0.00', '50000.00'],
      ['payable_farmers', '0.00', '800000.00'],
      ['payable_beneficiaries', '0.00', '100000.00'],
      ['payable_transporters', '0.00', '30000.00'],
      ['farmer_loans', '0.00', '20000.00'],
    ]);
  });

  it('leaves zero lines out and refuses negative or empty events', () => {
    expect(postingLines({ type: 'purchase_invoice', net: '100.00', vat: '0' })).toHaveLength(2);
    expect(() => postingLines({ type: 'sales_invoice', amount: '-1' })).toThrow(/negative/);
    expect(() => postingLines({ type: 'sales_invoice', amount: '0' })).toThrow(/of nothing/);
  });
});
