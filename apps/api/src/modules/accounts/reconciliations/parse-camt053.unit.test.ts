import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './parse-camt053.ts';
import type { ParsedLine } from './statement-line.ts';

/** Hand-written statements in the shape of each camt.053 version a bank may send (fixtures/camt053). */
const sample = (version: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'camt053', `${version}.xml`), 'utf8');
const shown = (lines: ParsedLine[]) =>
  lines.map((l) => [l.lineDate, l.reference, l.amountIn, l.amountOut, l.balance]);
const refusal = (xml: string) => {
  try {
    parseCamt053(xml, 'TZS');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'accepted';
};

describe('camt.053 as banks send it', () => {
  it('001.02: amounts exact in cents with three decimals, a reversed credit out, a pending entry left out', () => {
    const { lines, notBooked } = parseCamt053(sample('v02'), 'TZS');
    // 1,000.00 + 8.85 - 18.15 - 500.00 = 490.70, the bank's closing balance.
    expect(shown(lines)).toEqual([
      ['2026-06-02', 'RCPT-8850', '8.85', '0.00', '1008.85'],
      ['2026-06-02', '2026060200002', '0.00', '18.15', '990.70'],
      ['2026-06-02', 'RCPT-0500', '0.00', '500.00', '490.70'],
    ]);
    expect(notBooked).toBe(1);
  });

  it('001.03: booking date and time, an overdrawn opening balance, an information entry left out', () => {
    const { lines, notBooked } = parseCamt053(sample('v03'), 'TZS');
    expect(shown(lines)).toEqual([
      ['2026-06-10', 'INS-2500', '2500.00', '0.00', '1249.50'],
      ['2026-06-10', '2', '0.00', '120.25', '1129.25'],
    ]);
    expect(notBooked).toBe(1);
  });

  it('001.04: two statements in one message, five decimals, each day checked against its closing balance', () => {
    const { lines, notBooked } = parseCamt053(sample('v04'), 'TZS');
    expect(shown(lines)).toEqual([
      ['2026-07-01', 'RCPT-0701', '12500000.00', '0.00', '12500000.00'],
      ['2026-07-01', 'PAY-0702', '0.00', '3000000.00', '9500000.00'],
      ['2026-07-02', 'NMB2607020001', '0.00', '450000.00', '9050000.00'],
      ['2026-07-02', 'NMB2607020002', '1.50', '0.00', '9050001.50'],
    ]);
    expect(notBooked).toBe(0);
  });

  it('001.08: the status as a code, a reversed debit back in, pending and future entries left out', () => {
    const { lines, notBooked } = parseCamt053(sample('v08'), 'TZS');
    expect(shown(lines)).toEqual([
      ['2026-08-05', 'PV-2026-000031', '0.00', '1200.00', '3800.00'],
      ['2026-08-05', '2', '200.00', '0.00', '4000.00'],
    ]);
    expect(notBooked).toBe(2);
  });

  it('reads a reversal in the direction of its own effect when that is what the bank’s balances say', () => {
    // The same statement from a bank that writes a reversal as the money moved (DBIT: out).
    const xml = sample('v02').replace(
      '<Amt Ccy="TZS">500.00</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>',
      '<Amt Ccy="TZS">500.00</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>',
    );
    expect(shown(parseCamt053(xml, 'TZS').lines)[2]).toEqual([
      '2026-06-02',
      'RCPT-0500',
      '0.00',
      '500.00',
      '490.70',
    ]);
  });

  it('refuses a real fraction of a cent, naming the entry', () => {
    expect(refusal(sample('v02').replace('18.150', '18.155'))).toBe(
      'Entry 2: "18.155" has a fraction of a cent',
    );
    expect(
      refusal(sample('v04').replace('<Amt Ccy="TZS">1.50000</Amt>', '<Amt Ccy="TZS">1.50001</Amt>')),
    ).toBe('Statement 2, entry 2: "1.50001" has a fraction of a cent');
  });

  it('refuses a statement that does not add up to its closing balance, with both figures', () => {
    // A page lost: the 18.15 charge is missing, so the entries make 508.85, the bank says 490.70.
    const missing = sample('v02').replace(/<Ntry>\s*<Amt Ccy="TZS">18\.150<\/Amt>[\s\S]*?<\/Ntry>/, '');
    expect(refusal(missing)).toBe(
      "Statement 1: the closing balance (CLBD) is 490.70 but the opening balance plus the booked entries make 508.85: a page or an entry is missing, or this is not the bank's whole statement",
    );
    // Counting the pending entry as booked would not add up either: it stays out.
    expect(refusal(sample('v08').replace('<Cd>PDNG</Cd>', '<Cd>BOOK</Cd>'))).toMatch(
      /^Statement 1: the closing balance \(CLBD\) is 4,000\.00 but .* make 4,640\.00/,
    );
  });

  it('keeps refusing another currency', () => {
    expect(
      refusal(sample('v08').replace('<Amt Ccy="TZS">1200.000</Amt>', '<Amt Ccy="USD">1200.000</Amt>')),
    ).toBe('Entry 1: the amount is in USD, the account in TZS');
    expect(refusal(sample('v03'))).toBe('accepted');
    expect(() => parseCamt053(sample('v03'), 'KES')).toThrow(/the amount is in TZS, the account in KES/);
  });
});
