import { describe, expect, it } from 'vitest';
import type { StatementRow } from '../provider.ts';
import { accountKey, type BatchLine, matchStatement } from './match-statement.ts';
import { parseStatementCsv } from './statement-csv.ts';

const A = '019b0000-0000-7000-8000-00000000000a';
const B = '019b0000-0000-7000-8000-00000000000b';
const C = '019b0000-0000-7000-8000-00000000000c';

const line = (lineId: string, state: BatchLine['state'], extra: Partial<BatchLine> = {}): BatchLine => ({
  lineId,
  state,
  providerReference: null,
  account: '255754000111',
  amount: '1000.00',
  ...extra,
});
const row = (rowNo: number, extra: Partial<StatementRow>): StatementRow => ({
  rowNo,
  providerReference: null,
  idempotencyKey: null,
  account: null,
  amount: '1000.00',
  fee: null,
  status: 'succeeded',
  reason: null,
  ...extra,
});

describe("matching a provider's statement to a batch's lines (#30)", () => {
  it('reads one wallet however it is written', () => {
    expect(accountKey('255754000111')).toBe('754000111');
    expect(accountKey('0754 000 111')).toBe('754000111');
    expect(accountKey('255754000111 - JOHN DOE')).toBe('754000111');
    expect(accountKey('crdb 0150 1234')).toBe('CRDB01501234');
    expect(accountKey(null)).toBeNull();
  });

  it('matches by reference, then line id (base 36 too), then account and amount; reports the rest', () => {
    const lines = [
      line(A, 'succeeded', { providerReference: 'REF-A' }),
      line(B, 'failed', { account: '255754000222', amount: '2000.00' }),
      line(C, 'unknown', { account: '255754000333', amount: '3000.00' }),
    ];
    const base36 = BigInt(`0x${C.replaceAll('-', '')}`).toString(36);
    const items = matchStatement(lines, [
      row(1, { providerReference: 'ref-a' }),
      row(2, { account: '0754000222', amount: '2000.00' }),
      row(3, { idempotencyKey: base36, amount: '3000.00', status: 'failed', reason: 'Wallet closed' }),
      row(4, { providerReference: 'REF-A' }),
      row(5, { account: '0754000999', amount: '50.00' }),
    ]);
    expect(items.map((i) => [i.rowNo, i.kind, i.lineId])).toEqual([
      [1, 'matched', A],
      [2, 'status_differs', B],
      [3, 'not_final', C],
      [4, 'duplicate', A],
      [5, 'unknown_row', null],
    ]);
  });

  it('tells an amount that differs, a pending payment, and a paid line the statement lacks', () => {
    const items = matchStatement(
      [line(A, 'succeeded'), line(B, 'sending', { account: '255754000222' }), line(C, 'succeeded')],
      [row(1, { idempotencyKey: A, amount: '999.00' }), row(2, { idempotencyKey: B, status: 'pending' })],
    );
    expect(items.map((i) => [i.kind, i.lineId])).toEqual([
      ['amount_differs', A],
      ['pending', B],
      ['missing', C],
    ]);
  });
});

describe('reading a statement file', () => {
  it("reads M-Pesa's portal columns: withdrawn amounts, grouped digits, its statuses", () => {
    const rows = parseStatementCsv(
      'Receipt No.,Completion Time,Other Party Info,Withdrawn,Transaction Status\n' +
        'QK12AB,2026-11-29 10:00,255754000111 - JOHN DOE,"-1,250.50",Completed\n' +
        'QK12AC,2026-11-29 10:01,255754000222 - JANE DOE,-300.00,Failed\n',
    );
    expect(rows).toEqual([
      row(1, { providerReference: 'QK12AB', account: '255754000111 - JOHN DOE', amount: '1250.50' }),
      row(2, {
        providerReference: 'QK12AC',
        account: '255754000222 - JANE DOE',
        amount: '300.00',
        status: 'failed',
      }),
    ]);
  });

  it('refuses a file it cannot match on, naming the problem', () => {
    expect(() => parseStatementCsv('Amount,Status\n100.00,Completed')).toThrow(
      'CSV: the file has no reference, line id or account column to match on',
    );
    expect(() => parseStatementCsv('Reference,Amount\nR1,0.00')).toThrow('Line 2: the amount is zero');
    expect(() => parseStatementCsv('Reference;Amount;Fee\n;100.00;1')).toThrow(
      'Line 2: the row has no reference, line id or account',
    );
  });
});
