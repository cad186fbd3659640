import type { GrnDetail, Item, StockIssueDetail, StockTransferDetail, Store } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../src/db/rows.ts';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from './harness.ts';
import { uniq } from './master-data.ts';

/** Stores (issue 13) test world: union staff, two societies with their managers and stores. */
export type StoresWorld = {
  admin: Session;
  keeper: Session;
  keeper2: Session;
  unionStore: Store;
  unionStore2: Store;
  societyA: { id: string; manager: Session; clerk: Session; store: Store };
  societyB: { id: string; manager: Session; store: Store };
  urea: Item;
  sulphur: Item;
};

export async function ok<T>(p: Promise<{ status: number; body: unknown }>, status = 201): Promise<T> {
  const r = await p;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return (r.body as { data: T }).data;
}

export const makeItem = (t: TestApp, token: string, body: Record<string, unknown> = {}) =>
  ok<Item>(
    t.request('POST', '/inventory/items', {
      token,
      body: { code: `IT${uniq()}`, name: `Item ${uniq()}`, unit: 'bag', ...body },
    }),
  );

export const makeStore = (t: TestApp, token: string, body: Record<string, unknown> = {}) =>
  ok<Store>(
    t.request('POST', '/inventory/stores', {
      token,
      body: { code: `ST${uniq()}`, name: `Store ${uniq()}`, kind: 'union', ...body },
    }),
  );

export async function makeStoresWorld(t: TestApp): Promise<StoresWorld> {
  const admin = await sessionAs(t, 'Administrator');
  const keeper = await sessionAs(t, 'Store Keeper');
  const keeper2 = await sessionAs(t, 'Store Keeper');
  const a = await makeAmcos(t, 'Stores A');
  const b = await makeAmcos(t, 'Stores B');
  return {
    admin,
    keeper,
    keeper2,
    unionStore: await makeStore(t, admin.access, { name: `Union main ${uniq()}` }),
    unionStore2: await makeStore(t, admin.access, { name: `Union depot ${uniq()}` }),
    societyA: {
      id: a.id,
      manager: await sessionAs(t, 'AMCOS Manager', { amcosId: a.id }),
      clerk: await sessionAs(t, 'AMCOS Clerk', { amcosId: a.id }),
      store: await makeStore(t, admin.access, { kind: 'amcos', amcosId: a.id, name: `A store ${uniq()}` }),
    },
    societyB: {
      id: b.id,
      manager: await sessionAs(t, 'AMCOS Manager', { amcosId: b.id }),
      store: await makeStore(t, admin.access, { kind: 'amcos', amcosId: b.id, name: `B store ${uniq()}` }),
    },
    urea: await makeItem(t, admin.access, { name: `Urea 50kg ${uniq()}`, unit: 'bag' }),
    sulphur: await makeItem(t, admin.access, {
      name: `Sulphur 25kg ${uniq()}`,
      unit: 'bag',
      tracksBatch: true,
    }),
  };
}

/** A test app with a stores world in it, as every inventory test file starts. */
export async function startStoresWorld(): Promise<{ t: TestApp; w: StoresWorld }> {
  const t = await startTestApp();
  return { t, w: await makeStoresWorld(t) };
}

/** Posts a store document of these lines: its fields of today by default, `extra` over them. */
const storeDocument =
  <T>(url: string, defaults: () => Record<string, unknown>) =>
  (
    t: TestApp,
    token: string,
    storeId: string,
    lines: Record<string, unknown>[],
    extra: Record<string, unknown> = {},
  ) =>
    t.request<{ data: T; message: string }>('POST', url, {
      token,
      body: { storeId, ...defaults(), lines, ...extra },
    });

export const directGrn = storeDocument<GrnDetail>('/inventory/grns/direct', () => ({
  receivedOn: todayInTanzania(),
}));

export const issue = storeDocument<StockIssueDetail>('/inventory/issues', () => ({
  purpose: 'union_use',
  issuedTo: 'Union office',
  issuedOn: todayInTanzania(),
}));

export const transfer = (
  t: TestApp,
  token: string,
  kind: string,
  fromStoreId: string,
  toStoreId: string,
  lines: Record<string, unknown>[],
) =>
  t.request<{ data: StockTransferDetail; message: string }>('POST', '/inventory/transfers', {
    token,
    body: { kind, fromStoreId, toStoreId, dispatchedOn: todayInTanzania(), lines },
  });

export const receiveAll = (
  t: TestApp,
  token: string,
  tr: StockTransferDetail,
  counts?: Record<number, [string, string?]>,
) =>
  t.request<{ data: StockTransferDetail; message: string }>(
    'PATCH',
    `/inventory/transfers/${tr.id}/receive`,
    {
      token,
      body: {
        receivedOn: todayInTanzania(),
        lines: tr.lines.map((l) => ({
          lineId: l.id,
          receivedQuantity: counts?.[l.lineNo]?.[0] ?? l.quantity,
          varianceReason: counts?.[l.lineNo]?.[1] ?? null,
        })),
      },
    },
  );

/** Balance of the account mapped to a key in the operation book (debit - credit, posted entries). */
export async function mappedBalance(t: TestApp, key: string): Promise<string> {
  const [row] = await queryRows(
    t.db,
    z.object({ balance: z.string() }),
    sql`select coalesce(sum(l.debit - l.credit), 0)::numeric(18,2)::text as balance
        from journal_lines l join journal_entries e on e.id = l.entry_id
        join account_mappings m on m.account_id = l.account_id
        where m.key = ${key} and e.status in ('posted', 'reversed')`,
  );
  return row?.balance ?? '0.00';
}

/** Stock value held in all stores plus goods in transit: what the inventory account must show. */
export async function stockValue(t: TestApp): Promise<{ stores: string; transit: string; total: string }> {
  const [row] = await queryRows(
    t.db,
    z.object({ stores: z.string(), transit: z.string(), total: z.string() }),
    sql`select s.v::text as stores, tr.v::text as transit, (s.v + tr.v)::numeric(18,2)::text as total from
        (select coalesce(sum(value), 0)::numeric(18,2) as v from stock_balances) s,
        (select coalesce(sum(total_value), 0)::numeric(18,2) as v from stock_transfers where status = 'in_transit') tr`,
  );
  if (!row) throw new Error('no stock value');
  return row;
}

export const balanceOf = async (t: TestApp, itemId: string, storeId: string) =>
  (
    await queryRows(
      t.db,
      z.object({ quantity: z.string(), value: z.string(), avg_cost: z.string() }),
      sql`select quantity::text, value::text, avg_cost::text from stock_balances where item_id = ${itemId} and store_id = ${storeId}`,
    )
  )[0] ?? { quantity: '0.000', value: '0.00', avg_cost: '0.000000' };

/** An approved purchase order written straight into the purchase tables (their API is tested there). */
export async function approvedOrder(
  t: TestApp,
  lines: { itemId: string; quantity: string; unitPrice: string; vat?: boolean }[],
  status: 'approved' | 'cancelled' | 'draft' = 'approved',
) {
  const [supplier] = await queryRows(
    t.db,
    z.object({ id: z.string(), name: z.string() }),
    sql`insert into suppliers (id, name) values (gen_random_uuid(), ${`Agro Supplies ${uniq()}`}) returning id, name`,
  );
  if (!supplier) throw new Error('no supplier');
  const [order] = await queryRows(
    t.db,
    z.object({ id: z.string(), order_no: z.string() }),
    sql`insert into purchase_orders (id, order_no, supplier_id, order_date, status, vat_rate, subtotal, vat_total, total)
        values (gen_random_uuid(), ${`PO-T-${uniq()}`}, ${supplier.id}, ${todayInTanzania()}, ${status}, 18, 0, 0, 0) returning id, order_no`,
  );
  if (!order) throw new Error('no order');
  const ids: string[] = [];
  for (const [i, l] of lines.entries()) {
    const [row] = await queryRows(
      t.db,
      z.object({ id: z.string() }),
      sql`insert into purchase_order_lines (id, order_id, line_no, item_id, description, quantity, unit_price, vat, amount)
          values (gen_random_uuid(), ${order.id}, ${i + 1}, ${l.itemId}, ${`Line ${i + 1}`}, ${l.quantity}, ${l.unitPrice}, ${l.vat ?? false}, 0)
          returning id`,
    );
    ids.push(row?.id ?? '');
  }
  return { supplier, orderId: order.id, orderNo: order.order_no, lineIds: ids };
}
