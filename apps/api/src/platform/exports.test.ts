import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotsInStore } from '../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { directGrn, makeStoresWorld, receiveAll, type StoresWorld, transfer } from '../../test/inventory.ts';
import { accountId } from '../modules/accounts/testing.ts';

/**
 * Every xlsx the API writes, found in the route table (a GET whose `format` or `type` offers
 * xlsx), over a database holding weighings, a delivery note, lots, a GRN and a transfer: no figure
 * may be stored as text, and every number has a grouped format. A new export, or one that writes
 * its own workbook, is walked too.
 */
type Parameter = { in: string; name: string; required?: boolean; schema: { enum?: string[] } };
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

let t: TestApp;
let admin: Session;
let stores: StoresWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  const crop = await lotsInStore(t, admin);
  stores = await makeStoresWorld(t);
  await directGrn(t, stores.keeper.access, stores.unionStore.id, [
    { itemId: stores.urea.id, quantity: '100', unitCost: '65000.50' },
  ]);
  const sent = await transfer(
    t,
    stores.keeper.access,
    'to_amcos',
    stores.unionStore.id,
    stores.societyA.store.id,
    [{ itemId: stores.urea.id, quantity: '40' }],
  );
  await receiveAll(t, stores.societyA.manager.access, sent.body.data, { 1: ['39', 'One bag torn'] });
  const accounts = await t.request<{ data: { id: string; code: string }[] }>(
    'GET',
    '/accounts?per_page=200&search=1301',
    {
      token: admin.access,
    },
  );
  const years = await t.request<{ data: { id: string }[] }>('GET', '/financial-years', {
    token: admin.access,
  });
  const budget = await t.request<{ data: { id: string } }>('POST', '/accounts/budgets', {
    token: admin.access,
    body: {
      name: 'Fuel',
      financialYearId: years.body.data[0]?.id,
      book: 'operation',
      lines: [{ accountId: await accountId(t, 'operation', '5103'), months: Array(12).fill('100000.00') }],
    },
  });
  Object.assign(ids, {
    budget_id: budget.body.data.id,
    season_id: crop.world.cashew.seasonId,
    account_id: accounts.body.data.find((a) => a.code.startsWith('13'))?.id ?? '',
    from: '2026-01-01',
    to: '2030-12-31',
  });
});
afterAll(() => t.close());

/** The export routes without a path parameter, with the query each needs. */
async function exportRoutes(): Promise<{ path: string; query: string }[]> {
  const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as Document;
  return Object.entries(doc.paths).flatMap(([path, methods]) => {
    const params = methods.get?.parameters ?? [];
    const format = params.find(
      (p) => p.in === 'query' && ['format', 'type'].includes(p.name) && p.schema.enum?.includes('xlsx'),
    );
    if (!format || path.includes('{')) return [];
    const query = new URLSearchParams({ [format.name]: 'xlsx' });
    for (const p of params.filter((p) => p.in === 'query' && p.required && p !== format)) {
      query.set(p.name, ids[p.name] ?? p.schema.enum?.[0] ?? '');
    }
    return [{ path: path.replace(/^\/api/, ''), query: query.toString() }];
  });
}

describe('every xlsx export', () => {
  it('stores figures as numbers with a grouped format, never as text', async () => {
    const routes = await exportRoutes();
    const asText: string[] = [];
    const unformatted: string[] = [];
    const withFigures = new Set<string>();
    const refused: string[] = [];
    for (const { path, query } of routes) {
      const res = await t.request('GET', `${path}?${query}`, { token: admin.access });
      if (res.status !== 200 || !res.headers.get('content-type')?.includes('spreadsheetml')) {
        refused.push(`${path} ${res.status} ${res.headers.get('content-type')}`);
        continue;
      }
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.raw);
      for (const sheet of book.worksheets) {
        sheet.eachRow((row, r) => {
          row.eachCell((cell, c) => {
            const where = `${path} ${sheet.name}!R${r}C${c}`;
            if (typeof cell.value === 'string' && /^-?\d+\.\d+$/.test(cell.value))
              asText.push(`${where} "${cell.value}"`);
            if (typeof cell.value === 'number') {
              withFigures.add(path);
              if (!/^#,##0/.test(cell.numFmt ?? '')) unformatted.push(`${where} ${cell.value}`);
            }
          });
        });
      }
    }
    expect(refused).toEqual([]);
    expect(asText).toEqual([]);
    expect(unformatted).toEqual([]);
    // The walk reached the figures: stores, lots, notes, the books and their reports among them.
    expect(routes.length).toBeGreaterThan(70);
    for (const path of [
      '/inventory/grns',
      '/inventory/transfers',
      '/inventory/ledgers',
      '/reports/inventory/quantity-by-store',
      '/collections/lots',
      '/collections/delivery-notes',
      '/reports/trial-balance',
      '/reports/general-ledger',
      '/accounts/journal-entries',
      '/reports/budget-vs-actual',
    ])
      expect(withFigures, path).toContain(path);
  });
});
