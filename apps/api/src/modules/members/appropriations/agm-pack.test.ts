import type { Appropriation } from '@ushirika/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useStarted } from '../../../../test/harness.ts';
import { closedYearOfMembers, startUnionOffice } from '../../../../test/members-fixtures.ts';
import { printedDefinition } from '../../../platform/document-pdf.ts';
import { type Lang, withLanguage } from '../../../platform/labels.ts';
import { statementsDefinition } from '../../accounts/statements/statement-files.ts';
import { accountId, THIS_YEAR, TODAY } from '../../accounts/testing.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { agmPackDocuments } from './agm-pack.ts';

/**
 * The AGM pack of a closed year (#32), hand-worked. Year P earned 5,000,000.00 of levy income in the
 * Operation book and is closed; two AMCOS in the union's register subscribed and paid 1,000,000.00
 * and 2,500,000.00 (register totals 3,500,000.00, no entrance fees) and their farmers delivered
 * 10,000.000 and 5,000.000 kg. The appropriation proposed: reserve 25 % = 1,250,000.00, dividend
 * 10 % of 3,500,000.00 = 350,000.00 (100,000.00 / 250,000.00), bonus 20.00 a kg of 15,000 kg =
 * 300,000.00 (200,000.00 / 100,000.00), retained 3,100,000.00; payable 300,000.00 and 350,000.00,
 * 650,000.00 in all. Next year's (N) budget: rent 12 × 250,000.00 + fuel 12 × 100,000.00 = 4,200,000.00.
 */
const ctx = useStarted(startUnionOffice);
let amcosManager: Session;
let yearId: string;
let openYearId: string;
let appropriation: Appropriation;
const P = THIS_YEAR;
const N = String(Number(P) + 1);
const months = (amount: string) => Array.from({ length: 12 }, () => amount);

beforeAll(async () => {
  const year = await closedYearOfMembers(ctx, {
    year: P,
    income: '5000000.00',
    members: [
      { name: 'Alpha', subscribed: '1000000.00', paid: '1000000.00', kg: '10000.000' },
      { name: 'Beta', subscribed: '2500000.00', paid: '2500000.00', kg: '5000.000' },
    ],
    bags: 500,
  });
  ({ yearId, openYearId, amcosManager } = year);
  const cashew = year.cashew;
  const proposed = await ctx.t.request<{ data: Appropriation }>('POST', '/members/appropriations', {
    token: ctx.accountant.access,
    body: { financialYearId: yearId, seasonId: cashew.seasonId, dividendPercent: '10', bonusPerKg: '20' },
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  appropriation = proposed.body.data;
  const budget = await ctx.t.request('POST', '/accounts/budgets', {
    token: ctx.accountant.access,
    body: {
      name: 'Operations budget',
      financialYearId: openYearId,
      book: 'operation',
      lines: [
        { accountId: await accountId(ctx.t, 'operation', '5103'), months: months('100000.00') },
        { accountId: await accountId(ctx.t, 'operation', '5101'), months: months('250000.00') },
      ],
    },
  });
  expect(budget.status, JSON.stringify(budget.body)).toBe(201);
}, 180_000);

/** What the pack prints, every text as the PDF renderer receives it (grouped amounts, dates by language). */
async function printedTexts(lang: Lang): Promise<string> {
  const actor = {
    userId: ctx.manager.userId,
    sessionId: crypto.randomUUID(),
    amcosId: null,
    permissions: new Set(['amcos.farmer.read']),
  };
  const letterhead = await unionLetterhead(ctx.t.db);
  return withLanguage(lang, async () => {
    const { docs } = await agmPackDocuments(ctx.t.db, actor, {
      financialYearId: yearId,
      lang,
      printedOn: TODAY,
    });
    expect(docs.map((d) => d.kind)).toEqual([
      'member_register',
      'financial_position',
      'income_and_expenditure',
      'cash_flows',
      'changes_in_funds',
      'appropriation',
      'appropriation',
      'budget',
    ]);
    // The statements carry the previous year beside this one: three amount columns.
    for (const d of docs.slice(1, 4)) expect(d.headers, d.title).toHaveLength(3);
    return JSON.stringify(printedDefinition('AGM', statementsDefinition(lang, letterhead, docs), lang));
  });
}

describe('the AGM pack', () => {
  it('is the hand-worked appropriation the pack prints', () => {
    expect(appropriation).toMatchObject({
      surplus: '5000000.00',
      reserve: '1250000.00',
      dividend: '350000.00',
      bonus: '300000.00',
      retained: '3100000.00',
    });
    expect(appropriation.lines.map((l) => [l.dividend, l.bonus, l.payable])).toEqual([
      ['100000.00', '200000.00', '300000.00'],
      ['250000.00', '100000.00', '350000.00'],
    ]);
  });

  it('downloads one PDF in English and in Swahili, named in the reader language', async () => {
    for (const [lang, file] of [
      ['en', `AGM_PACK_FY_${P}.pdf`],
      ['sw', `KIFURUSHI_CHA_MKUTANO_MKUU_FY_${P}.pdf`],
    ] as const) {
      const r = await ctx.t.request('GET', `/members/agm-pack?financial_year_id=${yearId}`, {
        token: ctx.manager.access,
        lang,
      });
      expect(r.status, lang).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
      const raw = new TextDecoder('latin1').decode(r.raw);
      expect(raw.slice(0, 5)).toBe('%PDF-');
      // One page per part at least: register, four statements, two appropriation pages, the budget.
      expect(raw.match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
    }
  });

  it.each([
    [
      'en' as const,
      [
        'Member register of the union',
        'Total: 2 members',
        'Appropriation of the surplus of FY',
        'Statutory reserve (25.00 %)',
        'Dividend (10.00 % of paid-up shares)',
        'Patronage bonus (20.00 per kg)',
        'Total budget',
      ],
    ],
    [
      'sw' as const,
      [
        'Orodha ya wanachama wa Chama Kikuu',
        'Jumla: wanachama 2',
        'Mgao wa ziada ya FY',
        'Akiba ya kisheria (25.00 %)',
        'Gawio (10.00 % ya hisa zilizolipwa)',
        'Bonasi (20.00 kwa kilo)',
        'Jumla ya bajeti',
      ],
    ],
  ])(
    'prints in %s the register totals, the statements with comparatives, the appropriation and the budget',
    async (lang, words) => {
      const texts = await printedTexts(lang);
      for (const w of words) expect(texts, w).toContain(w);
      // The register: each AMCOS's shares and the totals (3,500,000.00 subscribed and paid).
      expect(texts).toContain('"1,000,000.00"');
      expect(texts).toContain('"2,500,000.00"');
      expect(texts.match(/"3,500,000\.00"/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      // The statements: the year's surplus 5,000,000.00 beside the previous year's column.
      expect(texts).toContain('"5,000,000.00"');
      expect(texts).toContain(String(Number(P) - 1));
      // The appropriation's figures and per-AMCOS lines.
      for (const amount of ['1,250,000.00', '350,000.00', '300,000.00', '3,100,000.00', '650,000.00'])
        expect(texts, amount).toContain(`"${amount}"`);
      expect(texts).toContain('"10,000.000"');
      // The next year's budget: rent 3,000,000.00 and fuel 1,200,000.00, 4,200,000.00 in all.
      for (const amount of ['3,000,000.00', '1,200,000.00', '4,200,000.00'])
        expect(texts, amount).toContain(`"${amount}"`);
      expect(texts).toContain(`FY ${N}`);
      expect(texts).not.toContain('statements.agm');
    },
  );

  it('refuses an AMCOS user, an unknown year, a bad id and a year still open', async () => {
    const path = (id: string) => `/members/agm-pack?financial_year_id=${id}`;
    const amcos = await ctx.t.request('GET', path(yearId), { token: amcosManager.access });
    expect(amcos.status).toBe(403);
    const unknown = await ctx.t.request<{ message: string }>('GET', path(crypto.randomUUID()), {
      token: ctx.manager.access,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Financial year not found']);
    const bad = await ctx.t.request<{ message: string }>('GET', path('nonsense'), {
      token: ctx.manager.access,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('financial_year_id');
    const open = await ctx.t.request<{ message: string }>('GET', path(openYearId), {
      token: ctx.manager.access,
    });
    expect([open.status, open.body.message]).toEqual([
      409,
      `FY ${N} is still open: the AGM pack is of a closed year, close it first`,
    ]);
  });
});
