import type {
  DistributionDetail,
  DistributionReport,
  FarmerLoan,
  InputRequestDetail,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import { makePaidLot } from '../../../../test/settlement-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { printedDefinition } from '../../../platform/document-pdf.ts';
import { type Lang, withLanguage } from '../../../platform/labels.ts';
import { fitsOneSms } from '../../../platform/sms-texts.ts';
import { type TableReport, tableDefinition } from '../../accounts/reports/pdf.ts';
import { approvedRequest, balanceOf, held, type InputsWorld, makeInputsWorld } from '../testing.ts';
import { distributionNoteTable, distributionReportTable } from './distribution-pdfs.ts';

let t: TestApp;
let w: InputsWorld;
let admin: Session;
let finance: Session;
const path = '/collections/distributions';
type Saved = { message: string; data: DistributionDetail };

/** A PDF's layout as it prints for a reader of `lang` (every text, as JSON). */
const printedLayout = <T>(lang: Lang, table: (lang: Lang) => TableReport<T>) =>
  JSON.stringify(
    withLanguage(lang, () => {
      const t = table(lang);
      return printedDefinition(t.title, tableDefinition(t), lang);
    }),
  );

/** Rows that a refused distribution must not have written. */
const written = async () =>
  (
    await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select concat_ws('/', (select count(*) from input_distributions), (select count(*) from stock_movements),
            (select count(*) from journal_entries), (select count(*) from farmer_loans), (select count(*) from sms_outbox)) as n`,
    )
  )[0]?.n;

beforeAll(async () => {
  t = await startTestApp();
  w = await makeInputsWorld(t, 4);
  admin = await sessionAs(t, 'Administrator');
  finance = await sessionAs(t, 'Finance Manager');
});
afterAll(() => t?.close());

describe('a credit distribution from request to zero balance', () => {
  let requestId: string;
  let d: DistributionDetail;

  it('issues the approved request: stock out, loan, posting in both books, SMS', async () => {
    requestId = await approvedRequest(t, w, w.farmers[0]?.id as string, [
      { itemId: w.sulphurId, quantity: '4' },
      { itemId: w.pesticideId, quantity: '3' },
    ]);
    const stores = await t.request<{ data: { id: string; stock: { quantity: string }[] }[] }>(
      'GET',
      `${path}/stores?request_id=${requestId}`,
      { token: w.clerk.access },
    );
    expect(stores.body.data.find((s) => s.id === w.storeId)?.stock.map((s) => s.quantity)).toEqual([
      '200.000',
      '100.000',
    ]);
    expect(stores.body.data.find((s) => s.id === w.emptyStoreId)?.stock.map((s) => s.quantity)).toEqual([
      '0.000',
      '0.000',
    ]);
    expect(
      (await t.request('GET', `${path}/stores?request_id=${requestId}`, { token: w.otherClerk.access }))
        .status,
    ).toBe(403);
    const r = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'credit' },
    });
    expect(r.status).toBe(201);
    d = r.body.data;
    // 4 x 65,000 + 3 x 24,000 = 332,000 owed; cost 4 x 52,500 + 3 x 18,000 = 264,000; margin 68,000
    expect(d).toMatchObject({
      kind: 'credit',
      status: 'issued',
      farmerAmount: '332000.00',
      costValue: '264000.00',
      margin: '68000.00',
      subsidyAmount: '0.00',
      loanOutstanding: '332000.00',
    });
    expect(d.distributionNo).toMatch(/^DS-\d{4}-\d{6}$/);
    expect(d.loanNo).toMatch(/^LN-/);
    expect(await held(t, w.storeId, w.sulphurId)).toBe('196.000');
    expect(await held(t, w.storeId, w.pesticideId)).toBe('97.000');
    // Collection: Dr 1401 / Cr 2105 due to Operation; Operation: Dr 1204 / Cr 1301 at cost, Cr 4203 margin.
    expect(await balanceOf(t, 'collection', '1401')).toBe('332000.00');
    expect(await balanceOf(t, 'collection', '2105')).toBe('-332000.00');
    expect(await balanceOf(t, 'operation', '1204')).toBe('332000.00');
    expect(await balanceOf(t, 'operation', '4203')).toBe('-68000.00');
    // Opening stock 200 x 52,500 + 100 x 18,000 = 12,300,000 less 264,000 issued.
    expect(await balanceOf(t, 'operation', '1301')).toBe('12036000.00');
    const [sms] = await queryRows(
      t.db,
      z.object({ body: z.string(), key: z.string().nullable() }),
      sql`select body, event_key as key from sms_outbox order by created_at desc limit 1`,
    );
    // Keyed by its event (#31): written once, however often the save is retried.
    expect(sms?.key).toBe(`inputs-given:${d.id}`);
    // The society first, each item with its quantity, the loan and all the farmer owes grouped
    // without ".00", the DS number the commit gave it last (#35); one SMS.
    expect(sms?.body).toMatch(new RegExp(`^${d.amcosName}: Umepokea `));
    // The items when they fit beside the rest, else how many (the test's item names are long).
    expect(sms?.body).toMatch(/: Umepokea (Sulphur dust .+|pembejeo 2) kwa mkopo /);
    expect(sms?.body).toContain(' kwa mkopo wa TZS 332,000. Deni lote TZS 332,000, litakatwa kwenye mauzo.');
    expect(sms?.body).toMatch(new RegExp(` Kumbukumbu: ${d.distributionNo}$`));
    expect(fitsOneSms(sms?.body ?? '')).toBe(true);
    const request = await t.request<{ data: { status: string; distributionId: string } }>(
      'GET',
      `/collections/farmer-requests/${requestId}`,
      { token: w.clerk.access },
    );
    expect(request.body.data).toMatchObject({ status: 'distributed', distributionId: d.id });
    // The save sent again (a clerk's double click, a reload) is refused and adds no second SMS.
    const again = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'credit' },
    });
    expect(again.status).toBe(409);
    const [count] = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from sms_outbox where event_key = ${`inputs-given:${d.id}`}`,
    );
    expect(count?.n).toBe(1);
  });

  it('keeps the history of the request and the distribution for their society only', async () => {
    for (const [entity, id] of [
      ['input_request', requestId],
      ['input_distribution', d.id],
    ] as const) {
      const mine = await t.request<{ data: { action: string }[] }>('GET', `/audit/${entity}/${id}`, {
        token: w.clerk.access,
      });
      expect(mine.status).toBe(200);
      expect(mine.body.data.length).toBeGreaterThan(0);
      expect((await t.request('GET', `/audit/${entity}/${id}`, { token: w.otherClerk.access })).status).toBe(
        403,
      );
    }
  });

  it('prints the distribution note and shows the loan in the loans list with its source', async () => {
    const note = await t.request('GET', `${path}/${d.id}/note`, { token: w.clerk.access });
    expect(note.status).toBe(200);
    expect(note.headers.get('content-type')).toBe('application/pdf');
    // The note in the reader's language: its sentences, the kind, the headers, the date's rule.
    const sw = printedLayout('sw', (lang) => distributionNoteTable(d, lang));
    const [y, m, day] = d.distributedOn.split('-');
    for (const text of [
      `"Hati ya ugawaji ${d.distributionNo}"`,
      '"mifuko"',
      ` · ombi ${d.requestNo} · Mkopo"`,
      `"Deni la mkulima kwenye mkopo ${d.loanNo}: TZS 332,000.00, litakatwa kwenye malipo ya zao"`,
      'Imepokelewa na mkulima (sahihi)',
      `msimu ${d.seasonName} · ${day}/${m}/${y}"`,
      '"Mkulima analipa"',
      '"Jumla"',
    ])
      expect(sw).toContain(text);
    for (const english of [
      'Distribution note',
      'Owed by',
      'credit',
      'Farmer pays',
      '"Total"',
      'Received by',
      '"bag"',
    ])
      expect(sw).not.toContain(english);
    const en = printedLayout('en', (lang) => distributionNoteTable(d, lang));
    expect(en).toContain(`"Distribution note ${d.distributionNo}"`);
    expect(en).toContain(`request ${d.requestNo} · Credit"`);
    expect(en).toContain(`Owed by the farmer on loan ${d.loanNo}: TZS 332,000.00`);
    expect(en).toContain(`${m}/${day}/${y}"`);
    const loans = await t.request<Listed<FarmerLoan>>(
      'GET',
      `/payments/loans?farmer_id=${w.farmers[0]?.id}`,
      {
        token: admin.access,
      },
    );
    expect(loans.body.data.map((l) => [l.loanNo, l.source, l.amount, l.recovered, l.outstanding])).toEqual([
      [d.loanNo, 'distribution', '332000.00', '0.00', '332000.00'],
    ]);
  });

  it('settlement recovers it from the farmer crop money: 500 kg x 2,000 = 1,000,000, 332,000 back', async () => {
    await makePaidLot(t.db, w, {
      collections: [{ farmerId: w.farmers[0]?.id as string, kg: '500' }],
      price: '2000',
    });
    const created = await t.request<{ data: { id: string; loanRecovery: string } }>(
      'POST',
      '/payments/settlements',
      {
        token: admin.access,
        body: { amcosId: w.amcosId },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.loanRecovery).toBe('332000.00');
    const cancelDuringDraft = await t.request('PATCH', `${path}/${d.id}/cancel`, {
      token: w.manager.access,
      body: { reason: 'Wrong farmer' },
    });
    expect(cancelDuringDraft.status).toBe(409);
    const ok = await t.request('PATCH', `/payments/settlements/${created.body.data.id}/approve`, {
      token: finance.access,
    });
    expect(ok.status).toBe(200);
    const after = await t.request<{ data: DistributionDetail }>('GET', `${path}/${d.id}`, {
      token: w.clerk.access,
    });
    expect(after.body.data).toMatchObject({ loanRecovered: '332000.00', loanOutstanding: '0.00' });
    expect(await balanceOf(t, 'collection', '1401')).toBe('0.00');
    const cancel = await t.request('PATCH', `${path}/${d.id}/cancel`, {
      token: w.manager.access,
      body: { reason: 'Late' },
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ message: expect.stringContaining('already been recovered') });
  });
});

describe('kinds, cancellation and refusals', () => {
  it('subsidised: the farmer owes 2 x 20,000, the programme 2 x 45,000; cancelling puts it all back', async () => {
    // This farmer chose English on the phone service (#31): their SMS is in English.
    await t.db.execute(
      sql`insert into farmer_pins (farmer_id, pin_hash, language) values (${w.farmers[1]?.id}::uuid, 'x', 'en')`,
    );
    const requestId = await approvedRequest(t, w, w.farmers[1]?.id as string, [
      { itemId: w.sulphurId, quantity: '2' },
    ]);
    const before = {
      loans: await balanceOf(t, 'collection', '1401'),
      stock: await held(t, w.storeId, w.sulphurId),
      inventory: await balanceOf(t, 'operation', '1301'),
    };
    const r = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'subsidised' },
    });
    expect(r.status).toBe(201);
    // 40,000 + 90,000 - 2 x 52,500 = 25,000 margin
    expect(r.body.data).toMatchObject({
      farmerAmount: '40000.00',
      subsidyAmount: '90000.00',
      costValue: '105000.00',
      margin: '25000.00',
    });
    expect(await balanceOf(t, 'operation', '1205')).toBe('90000.00');
    const [sms] = await queryRows(
      t.db,
      z.object({ body: z.string() }),
      sql`select body from sms_outbox where event_key = ${`inputs-given:${r.body.data.id}`}`,
    );
    expect(sms?.body).toMatch(
      new RegExp(
        `: You received (Sulphur dust .+|1 input) at the subsidised price, loan TZS 40,000\\. .* Reference: ${r.body.data.distributionNo}$`,
      ),
    );
    // The request says what its credit value became: 2 x 65,000 = 130,000 at the credit price, of
    // which the farmer's loan is 40,000 and the programme's subsidy 90,000.
    const request = async () =>
      (
        await t.request<{ data: InputRequestDetail }>('GET', `/collections/farmer-requests/${requestId}`, {
          token: w.clerk.access,
        })
      ).body.data;
    expect(await request()).toMatchObject({
      creditValue: '130000.00',
      issued: {
        distributionNo: r.body.data.distributionNo,
        farmerAmount: '40000.00',
        subsidyAmount: '90000.00',
        loanNo: r.body.data.loanNo,
      },
    });
    const otherSociety = await t.request('PATCH', `${path}/${r.body.data.id}/cancel`, {
      token: w.otherClerk.access,
      body: { reason: 'x' },
    });
    expect(otherSociety.status).toBe(403);
    const cancelled = await t.request<Saved>('PATCH', `${path}/${r.body.data.id}/cancel`, {
      token: w.manager.access,
      body: { reason: 'Farmer refused the bags' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await request()).issued).toBeNull();
    expect(await balanceOf(t, 'collection', '1401')).toBe(before.loans);
    expect(await balanceOf(t, 'operation', '1205')).toBe('0.00');
    expect(await held(t, w.storeId, w.sulphurId)).toBe(before.stock);
    expect(await balanceOf(t, 'operation', '1301')).toBe(before.inventory);
    const [loan] = await queryRows(
      t.db,
      z.object({ status: z.string() }),
      sql`select status from farmer_loans where id = ${r.body.data.loanId}`,
    );
    expect(loan?.status).toBe('cancelled');
    // The request is approved again and can be issued anew, for cash this time: 2 x 60,000.
    const cash = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'cash' },
    });
    expect(cash.status).toBe(201);
    expect(cash.body.data).toMatchObject({ farmerAmount: '120000.00', margin: '15000.00', loanId: null });
  });

  it('refuses a request not approved, a store without stock, another AMCOS store or society, a second issue, a closed season', async () => {
    const made = await t.request<{ data: { id: string } }>('POST', '/collections/farmer-requests', {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[2]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.pesticideId, quantity: '2' }],
      },
    });
    const before = await written();
    const pending = await t.request('POST', path, {
      token: w.clerk.access,
      body: { requestId: made.body.data.id, storeId: w.storeId, kind: 'credit' },
    });
    expect(pending.status).toBe(400);
    expect(pending.body).toMatchObject({ message: expect.stringMatching(/is not approved \(pending\)$/) });
    const requestId = await approvedRequest(t, w, w.farmers[3]?.id as string, [
      { itemId: w.pesticideId, quantity: '1' },
    ]);
    const mid = await written();
    const empty = await t.request('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.emptyStoreId, kind: 'credit' },
    });
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({
      message: expect.stringMatching(/^Not enough Pesticide .*: 0 litre in store, 1 asked$/),
    });
    const foreign = await t.request('POST', path, {
      token: w.otherClerk.access,
      body: { requestId, storeId: w.storeId, kind: 'credit' },
    });
    expect(foreign.status).toBe(403);
    await t.db.execute(sql`update seasons set status = 'closed' where id = ${w.seasonId}`);
    const closed = await t.request('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'credit' },
    });
    await t.db.execute(sql`update seasons set status = 'planned' where id = ${w.seasonId}`);
    expect(closed.status).toBe(400);
    expect(await written()).toBe(mid);
    expect(mid).toBe(before);
    const free = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'free' },
    });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({
      farmerAmount: '0.00',
      costValue: '18000.00',
      margin: '0.00',
      loanId: null,
    });
    const again = await t.request('POST', path, {
      token: w.clerk.access,
      body: { requestId, storeId: w.storeId, kind: 'free' },
    });
    expect(again.status).toBe(409);
  });

  it('reports the season per item, AMCOS, farmer and kind, with the recovery per AMCOS', async () => {
    const r = await t.request<DistributionReport>('GET', `/reports/distributions?season_id=${w.seasonId}`, {
      token: admin.access,
    });
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ page: 1, per_page: 25, total: 4 });
    expect(
      r.body.data.map((x) => [x.farmerNo, x.kind, x.quantity, x.farmerValue, x.costValue]).sort(),
    ).toEqual(
      [
        [w.farmers[0]?.farmerNo, 'credit', '3.000', '72000.00', '54000.00'],
        [w.farmers[0]?.farmerNo, 'credit', '4.000', '260000.00', '210000.00'],
        [w.farmers[1]?.farmerNo, 'cash', '2.000', '120000.00', '105000.00'],
        [w.farmers[3]?.farmerNo, 'free', '1.000', '0.00', '18000.00'],
      ].sort(),
    );
    // Grand totals over the rows (the cancelled subsidised distribution left nothing behind).
    expect(r.body.totals).toEqual({
      quantity: '10.000',
      farmerValue: '452000.00',
      subsidyValue: '0.00',
      costValue: '387000.00',
    });
    const credit = await t.request<DistributionReport>(
      'GET',
      `/reports/distributions?season_id=${w.seasonId}&kind=credit`,
      { token: admin.access },
    );
    expect(credit.body.data.map((x) => x.quantity).sort()).toEqual(['3.000', '4.000']);
    expect(credit.body.meta.total).toBe(2);
    expect(credit.body.totals.farmerValue).toBe('332000.00');
    expect(r.body.recovery).toEqual([
      expect.objectContaining({
        amcosId: w.amcosId,
        farmers: 1,
        given: '332000.00',
        recovered: '332000.00',
        outstanding: '0.00',
        farmersWithNothingToRecoverFrom: 0,
      }),
    ]);
    const mine = await t.request<DistributionReport>(
      'GET',
      `/reports/distributions?season_id=${w.seasonId}`,
      {
        token: w.otherClerk.access,
      },
    );
    expect(mine.body.data).toEqual([]);
    expect(mine.body.meta.total).toBe(0);
    expect(mine.body.totals.farmerValue).toBe('0.00');
    expect(mine.body.recovery).toEqual([]);
    const pdf = await t.request('GET', `/reports/distributions?season_id=${w.seasonId}&format=pdf`, {
      token: admin.access,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // The report PDF in Swahili: title, recovery sentence, kinds by their Swahili names.
    const { data: rows, meta, ...summary } = r.body;
    const page = { ...summary, rows, total: meta.total };
    const sw = printedLayout('sw', (lang) => distributionReportTable(page, lang, '2026-11-20'));
    for (const text of [
      `"Ugawaji wa pembejeo, msimu ${r.body.seasonName}"`,
      '"4 mifuko"',
      '"3 lita"',
      `: wakulima 1, zilizotolewa 332,000.00, zilizorejeshwa 332,000.00, deni lililobaki 0.00, 0 wasio na zao la kukata"`,
      '"Imechapishwa 20/11/2026"',
      '"Mkopo"',
      '"Taslimu"',
      '"Bure"',
      '"Aina"',
    ])
      expect(sw).toContain(text);
    for (const english of ['"credit"', '"cash"', '"free"', 'farmers, given', 'Printed', '"Type"'])
      expect(sw).not.toContain(english);
    const en = printedLayout('en', (lang) => distributionReportTable(page, lang, '2026-11-20'));
    expect(en).toContain('"Printed 11/20/2026"');
    expect(en).toContain(
      '1 farmers, given 332,000.00, recovered 332,000.00, outstanding 0.00, 0 with nothing',
    );
    expect(en).toContain('"Credit"');
    const xlsx = await t.request('GET', `/reports/distributions?season_id=${w.seasonId}&format=xlsx`, {
      token: admin.access,
    });
    expect(xlsx.status).toBe(200);
    const list = await t.request<Listed<DistributionDetail>>('GET', path, { token: w.otherClerk.access });
    expect(list.body.data).toEqual([]);
    const any = (await t.request<Listed<DistributionDetail>>('GET', path, { token: admin.access })).body
      .data[0];
    expect((await t.request('GET', `${path}/${any?.id}`, { token: w.otherClerk.access })).status).toBe(403);
    expect((await t.request('GET', `${path}/${any?.id}/note`, { token: w.otherClerk.access })).status).toBe(
      403,
    );
  });
});

describe('the season report in pages', () => {
  const report = async (query: string, token = admin.access) => {
    const r = await t.request<DistributionReport>(
      'GET',
      `/reports/distributions?season_id=${w.seasonId}${query}`,
      { token },
    );
    expect(r.status).toBe(200);
    return r.body;
  };
  const keyOf = (x: DistributionReport['data'][number]) =>
    `${x.itemCode}/${x.amcosName}/${x.farmerNo}/${x.kind}`;

  it('pages the rows in report order, with the totals and recovery of the whole filter on every page', async () => {
    // Another society's season totals (rows the save keeps; written here as the save would):
    // the union sees them, neither society sees the other's.
    await t.db.execute(sql`insert into input_distribution_totals (season_id, amcos_id, farmer_id, item_id, kind, lines,
        quantity, farmer_value, subsidy_value, cost_value)
      values (${w.seasonId}, ${w.otherAmcosId}, ${w.otherFarmerId}, ${w.sulphurId}, 'cash', 1, 5, 300000, 0, 262500)`);
    try {
      const all = await report('&per_page=200');
      expect(all.meta).toEqual({ page: 1, per_page: 200, total: 5 });
      expect(all.totals).toEqual({
        quantity: '15.000',
        farmerValue: '752000.00',
        subsidyValue: '0.00',
        costValue: '649500.00',
      });
      const first = await report('&per_page=2');
      const second = await report('&per_page=2&page=2');
      const third = await report('&per_page=2&page=3');
      expect(first.meta).toEqual({ page: 1, per_page: 2, total: 5 });
      expect(second.meta).toEqual({ page: 2, per_page: 2, total: 5 });
      expect([first.data.length, second.data.length, third.data.length]).toEqual([2, 2, 1]);
      // Page 2 holds the rows after page 1 in the report's order: item, AMCOS, farmer, kind.
      expect([...first.data, ...second.data, ...third.data].map(keyOf)).toEqual(all.data.map(keyOf));
      expect(new Set(all.data.map(keyOf)).size).toBe(5);
      // The same order as the file's, which sorts every row at once.
      const file = await t.request('GET', `/reports/distributions?season_id=${w.seasonId}&format=xlsx`, {
        token: admin.access,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.raw);
      const sheet = book.worksheets[0];
      const fileKeys = [2, 3, 4, 5, 6].map((n) =>
        [1, 4, 5].map((c) => String(sheet?.getRow(n).getCell(c).value)).join('/'),
      );
      expect(fileKeys).toEqual(all.data.map((x) => `${x.itemCode}/${x.amcosName}/${x.farmerNo}`));
      // The summaries are over the whole filter, not the page.
      for (const page of [first, second, third]) {
        expect(page.totals).toEqual(all.totals);
        expect(page.recovery).toEqual(all.recovery);
        expect(page.seasonName).toBe(all.seasonName);
      }
      expect((await report('&per_page=2&page=4')).data).toEqual([]);

      // An AMCOS user: their society's rows, count and totals only, whatever amcos_id they send.
      const own = await report('&per_page=2', w.clerk.access);
      expect(own.meta.total).toBe(4);
      expect(own.totals.farmerValue).toBe('452000.00');
      const other = await report(`&amcos_id=${w.amcosId}`, w.otherClerk.access);
      expect(other.meta.total).toBe(1);
      expect(other.data.map((x) => [x.quantity, x.farmerValue])).toEqual([['5.000', '300000.00']]);
      expect(other.totals.farmerValue).toBe('300000.00');
      expect(other.recovery).toEqual([]);

      // The search names a farmer (or an item or AMCOS); the totals follow it.
      const farmer = await report(`&search=${w.farmers[1]?.farmerNo}`);
      expect(farmer.meta.total).toBe(1);
      expect(farmer.data.map((x) => x.farmerValue)).toEqual(['120000.00']);
      expect(farmer.totals.farmerValue).toBe('120000.00');

      // Bad paging is refused as on every list.
      const bad = await t.request('GET', `/reports/distributions?season_id=${w.seasonId}&per_page=500`, {
        token: admin.access,
      });
      expect(bad.status).toBe(400);
    } finally {
      await t.db.execute(sql`delete from input_distribution_totals where amcos_id = ${w.otherAmcosId}`);
    }
  });

  it('gives the whole filtered report as a file, not a page', async () => {
    const xlsx = await t.request(
      'GET',
      `/reports/distributions?season_id=${w.seasonId}&format=xlsx&per_page=1`,
      {
        token: admin.access,
      },
    );
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw);
    // A header and the four rows of the season, though the query asked for pages of one.
    expect(book.worksheets[0]?.rowCount).toBe(5);
  });
});

describe('the recovery summary', () => {
  it('counts the farmers who owe with no crop left to recover from, not those with crop unsettled', async () => {
    // Farmer 3 (no collection at all): 2 bags of sulphur on credit, 2 x 65,000 = 130,000.
    // Farmer 2: 1 litre of pesticide on credit, 24,000, with 300 kg sold but not settled yet.
    for (const [farmer, itemId, quantity] of [
      [w.farmers[2], w.sulphurId, '2'],
      [w.farmers[1], w.pesticideId, '1'],
    ] as const) {
      const requestId = await approvedRequest(t, w, farmer?.id as string, [{ itemId, quantity }]);
      const r = await t.request<Saved>('POST', path, {
        token: w.clerk.access,
        body: { requestId, storeId: w.storeId, kind: 'credit' },
      });
      expect(r.status).toBe(201);
    }
    await makePaidLot(t.db, w, {
      collections: [{ farmerId: w.farmers[1]?.id as string, kg: '300' }],
      price: '2000',
    });
    const r = await t.request<DistributionReport>('GET', `/reports/distributions?season_id=${w.seasonId}`, {
      token: admin.access,
    });
    // Given 332,000 + 130,000 + 24,000 = 486,000; recovered 332,000 (farmer 1's, settled above).
    expect(r.body.recovery).toEqual([
      {
        amcosId: w.amcosId,
        amcosName: expect.any(String),
        farmers: 3,
        given: '486000.00',
        recovered: '332000.00',
        outstanding: '154000.00',
        farmersWithNothingToRecoverFrom: 1,
      },
    ]);
    const { data: rows, meta, ...summary } = r.body;
    const sw = printedLayout('sw', (lang) =>
      distributionReportTable({ ...summary, rows, total: meta.total }, lang, '2026-11-20'),
    );
    expect(sw).toContain('deni lililobaki 154,000.00, 1 wasio na zao la kukata"');
    // The AMCOS user sees the same summary of their society.
    const own = await t.request<DistributionReport>('GET', `/reports/distributions?season_id=${w.seasonId}`, {
      token: w.clerk.access,
    });
    expect(own.body.recovery).toEqual(r.body.recovery);
  });
});
