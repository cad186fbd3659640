import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossaryProblems } from '../../../web/src/locales/glossary.ts';
import {
  DEFAULT_ACCOUNTS,
  DEFAULT_CLASSES,
  DEFAULT_GROUPS,
} from '../modules/accounts/chart/default-chart.ts';
import { DEFAULT_CROPS } from '../modules/seasons/default-crops.ts';
import { printed } from './document-pdf.ts';
import {
  codeLabel,
  displayText,
  formatDate,
  formatDateTime,
  hasSwahiliHeader,
  headerLabel,
  requestDateOrder,
  SW_HEADERS,
  unitLabel,
  withDateOrder,
} from './labels.ts';

const src = path.resolve(import.meta.dirname, '..');

/** Every `header: '…'` written in the API's export and PDF definitions. */
function headersInCode(): string[] {
  const found = new Set<string>();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || /\.test\.ts$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/header: '([^']+)'/g)) if (m[1]) found.add(m[1]);
  }
  return [...found].sort();
}

describe('labels in the reader language (#20)', () => {
  it('gives every column header written in the code a Swahili label', () => {
    const headers = headersInCode();
    expect(headers.length).toBeGreaterThan(200);
    expect(headers.filter((h) => !hasSwahiliHeader(h))).toEqual([]);
    expect(headerLabel('sw', 'Status')).toBe('Hali');
    expect(headerLabel('sw', 'Total (TZS)')).toBe(`${headerLabel('sw', 'Total')} (TZS)`);
    expect(headerLabel('en', 'Status')).toBe('Status');
  });

  it('labels stored codes as the screens do, and keeps an unknown code as stored', () => {
    expect(codeLabel('en', 'status', 'posted')).toBe('Posted');
    expect(codeLabel('sw', 'status', 'posted')).toBe('Imeingizwa vitabuni');
    expect(codeLabel('sw', ['dnMd.status', 'status'], 'dispatched')).not.toBe('dispatched');
    expect(codeLabel('sw', 'status', 'no_such_code')).toBe('no_such_code');
  });

  it('prints dates by the language rule: en month/day/year, sw day/month/year, times in Tanzania', () => {
    expect(formatDate('en', '2026-11-05')).toBe('11/05/2026');
    expect(formatDate('sw', '2026-11-05')).toBe('05/11/2026');
    expect(formatDateTime('sw', '2026-11-05T22:30:00.000Z')).toBe('06/11/2026 01:30');
    expect(displayText('en', '2026-11-05')).toBe('11/05/2026');
    expect(displayText('en', 'SI-2026-000001')).toBe('SI-2026-000001');
  });

  it('prints English dates day first for a reader who chose it (#37); Swahili stays day first', () => {
    withDateOrder('dmy', () => {
      expect(formatDate('en', '2026-11-05')).toBe('05/11/2026');
      expect(formatDateTime('en', '2026-11-05T22:30:00.000Z')).toBe('06/11/2026 01:30');
      expect(displayText('en', '2026-11-05')).toBe('05/11/2026');
      expect(formatDate('en', '2026-11-05', 'mdy')).toBe('11/05/2026');
    });
    withDateOrder('mdy', () => expect(formatDate('sw', '2026-11-05')).toBe('05/11/2026'));
    expect(requestDateOrder({ headers: { 'x-date-format': 'DMY' } })).toBe('dmy');
    expect(requestDateOrder({ headers: { 'x-date-format': 'ymd' } })).toBe('mdy');
    expect(requestDateOrder({ headers: {} })).toBe('mdy');
  });

  it('prints PDF values as the screens do: grouped amounts and kilograms, dates in sentences too', () => {
    expect(printed('en', '450000.00')).toBe('450,000.00');
    expect(printed('sw', '1537.750')).toBe('1,537.750');
    expect(printed('en', '1101')).toBe('1101');
    expect(printed('sw', '2026-07-01')).toBe('01/07/2026');
    expect(printed('en', 'Period 2026-07-01 to 2026-09-30')).toBe('Period 07/01/2026 to 09/30/2026');
    expect(printed('en', 'JV-2026-000001')).toBe('JV-2026-000001');
    expect(printed('en', 'NMB-2026-11-25')).toBe('NMB-2026-11-25');
  });
});

describe("the server's Swahili follows the glossary (#35)", () => {
  it('in column headers and PDF labels, the default accounts and the default crops', () => {
    const texts = [
      ...headersInCode().map((h) => ({ key: `header:${h}`, en: h, sw: headerLabel('sw', h) })),
      ...Object.entries(SW_HEADERS).map(([en, sw]) => ({ key: `SW_HEADERS:${en}`, en, sw })),
      ...Object.entries(DEFAULT_ACCOUNTS).flatMap(([book, accounts]) =>
        accounts.map((a) => ({ key: `account:${book}:${a.code}`, en: a.name, sw: a.nameSw })),
      ),
      ...[...DEFAULT_CLASSES, ...DEFAULT_GROUPS].map((g) => ({
        key: `class:${g.code}`,
        en: g.name,
        sw: g.nameSw,
      })),
      ...DEFAULT_CROPS.flatMap((c) => [
        { key: `crop:${c.code}`, en: c.name, sw: c.nameSw },
        ...c.grades.map((g) => ({ key: `grade:${c.code}:${g.code}`, en: g.name, sw: g.nameSw })),
      ]),
    ];
    expect(glossaryProblems(texts).map((p) => `${p.key}: ${p.problem}: "${p.sw}"`)).toEqual([]);
    expect(headerLabel('sw', 'Closing debit')).toBe('Salio la kufunga (debiti)');
  });

  it('writes a unit as the screens do, plural by the quantity, and keeps one it does not know', () => {
    expect(unitLabel('sw', 'bag')).toBe('mfuko');
    expect(unitLabel('sw', 'bag', '2.000')).toBe('mifuko');
    expect(unitLabel('sw', 'Bag', '1.000')).toBe('mfuko');
    expect(unitLabel('en', 'litre', '0.5')).toBe('litres');
    expect(unitLabel('sw', 'drum', '3')).toBe('drum');
  });
});
