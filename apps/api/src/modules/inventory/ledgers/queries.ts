import {
  type QuantityByStoreQuery,
  type QuantityByStoreReply,
  quantityByStoreRow,
  type StockLedgerQuery,
  type StockMovement,
  type StoreLedgerQuery,
  type StoreLedgerReply,
  storeLedgerRow,
} from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { items } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';
import { stockTransfers } from '../transfers/schema.ts';
import { stockMovements } from './schema.ts';

type Filters = {
  item_id?: string | undefined;
  category_id?: string | undefined;
  store_id?: string | undefined;
  amcos_id?: string | undefined;
  scope?: 'union' | 'amcos' | undefined;
};

/** The store and item filters every inventory read shares, with the reader's society. */
function storeItemWhere(f: Filters, society: string | null): SQL | undefined {
  return and(
    society ? eq(stores.amcosId, society) : undefined,
    f.item_id ? eq(items.id, f.item_id) : undefined,
    f.category_id ? eq(items.categoryId, f.category_id) : undefined,
    f.store_id ? eq(stores.id, f.store_id) : undefined,
    f.amcos_id ? eq(stores.amcosId, f.amcos_id) : undefined,
    f.scope ? eq(stores.kind, f.scope) : undefined,
  );
}

const movementColumns = {
  id: stockMovements.id,
  movementDate: stockMovements.movementDate,
  itemId: stockMovements.itemId,
  itemCode: items.code,
  itemName: localNameSql('items'),
  unit: items.unit,
  storeId: stockMovements.storeId,
  storeName: stores.name,
  amcosName: amcos.name,
  kind: stockMovements.kind,
  quantity: stockMovements.quantity,
  unitCost: stockMovements.unitCost,
  value: stockMovements.value,
  balanceQuantity: stockMovements.balanceQuantity,
  balanceValue: stockMovements.balanceValue,
  balanceAvgCost: stockMovements.balanceAvgCost,
  sourceType: stockMovements.sourceType,
  sourceId: stockMovements.sourceId,
  sourceNo: stockMovements.sourceNo,
  batchNo: stockMovements.batchNo,
  expiryDate: stockMovements.expiryDate,
};

/** Counting stops here on an unfiltered ledger of millions of movements ("10,000+"). */
const COUNT_CAP = 10_000;

/**
 * The stock ledger, newest date first and, within a day, the latest entry first, each with the
 * item×store balance after it in that order (balancesInDateOrder).
 */
export async function listStockMovements(
  db: DbOrTx,
  query: StockLedgerQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: StockMovement[]; total: number; capped: boolean }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = and(
    storeItemWhere(query, society),
    query.kind ? eq(stockMovements.kind, query.kind) : undefined,
    query.from ? gte(stockMovements.movementDate, query.from) : undefined,
    query.to ? lte(stockMovements.movementDate, query.to) : undefined,
    pattern
      ? or(
          ilike(stockMovements.sourceNo, pattern),
          ilike(items.name, pattern),
          ilike(items.nameSw, pattern),
          ilike(items.code, pattern),
        )
      : undefined,
  );
  const { rows, total } = await pageOf(
    db,
    () =>
      db
        .select(movementColumns)
        .from(stockMovements)
        .innerJoin(items, eq(items.id, stockMovements.itemId))
        .innerJoin(stores, eq(stores.id, stockMovements.storeId))
        .leftJoin(amcos, eq(amcos.id, stores.amcosId))
        .$dynamic(),
    {
      where,
      order: [desc(stockMovements.movementDate), desc(stockMovements.seq)],
      window,
      counted: () =>
        db
          .select({ one: sql`1` })
          .from(stockMovements)
          .innerJoin(items, eq(items.id, stockMovements.itemId))
          .innerJoin(stores, eq(stores.id, stockMovements.storeId))
          .limit(COUNT_CAP + 1)
          .$dynamic(),
    },
  );
  return {
    rows: await balancesInDateOrder(db, rows),
    total: Math.min(total, COUNT_CAP),
    capped: total > COUNT_CAP,
  };
}

/** Ids as one uuid[] parameter (an export's 100,000 rows would pass PostgreSQL's parameter limit). */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

const runningBalance = z.object({
  id: z.string(),
  quantity: z.string(),
  value: z.string(),
  avgCost: z.string(),
});

/**
 * The balance after each listed movement with its item×store's movements taken by date, then
 * entry: what the store held after that row as the ledger reads. The balance stored with a
 * movement is the one when it was entered, which differs for a movement dated before others
 * entered earlier (a GRN written up a week late). Sums of the recorded quantities and values, so
 * they agree with the books; the window runs over the history of the page's item×store pairs only.
 */
async function balancesInDateOrder(db: DbOrTx, rows: StockMovement[]): Promise<StockMovement[]> {
  if (rows.length === 0) return rows;
  const pairs = [...new Map(rows.map((r) => [`${r.itemId}/${r.storeId}`, r])).values()];
  const balances = await queryRows(
    db,
    runningBalance,
    sql`select id, quantity::text as quantity, value::text as value,
          (case when quantity > 0 then round(value / quantity, 6) else 0 end)::numeric(18,6)::text as "avgCost"
        from (
          select m.id, sum(m.quantity) over w as quantity, sum(m.value) over w as value
          from stock_movements m
          where (m.item_id, m.store_id) in (select * from unnest(
            ${uuids(pairs.map((p) => p.itemId))}, ${uuids(pairs.map((p) => p.storeId))}))
          window w as (partition by m.item_id, m.store_id order by m.movement_date, m.seq)
        ) b
        where b.id = any(${uuids(rows.map((r) => r.id))})`,
  );
  const byId = new Map(balances.map((b) => [b.id, b]));
  return rows.map((r) => {
    const b = byId.get(r.id);
    return b ? { ...r, balanceQuantity: b.quantity, balanceValue: b.value, balanceAvgCost: b.avgCost } : r;
  });
}

/** Value of goods dispatched and not yet received, for the reader's scope. */
export async function inTransitValue(db: DbOrTx, society: string | null): Promise<string> {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${stockTransfers.totalValue}), 0)::numeric(16,2)::text` })
    .from(stockTransfers)
    .where(
      and(
        eq(stockTransfers.status, 'in_transit'),
        society
          ? or(eq(stockTransfers.fromAmcosId, society), eq(stockTransfers.toAmcosId, society))
          : undefined,
      ),
    );
  return row?.value ?? '0.00';
}

// Rows sort by byte order ("C"): the report's 12,000 rows sorted in the database's language
// collation took more time than the joins (bench, docs/DECISIONS.md); codes and names read the same.

/**
 * Quantity and value of every item in every store: now (the balances), or as at a date (the sum
 * of the movements up to it). Rows with stock only.
 */
export async function quantityByStore(
  db: DbOrTx,
  query: QuantityByStoreQuery,
  society: string | null,
): Promise<QuantityByStoreReply> {
  const where = storeItemWhere(query, society);
  const asAt = query.to
    ? sql`(select item_id, store_id, sum(quantity) as quantity, sum(value) as value
           from stock_movements where movement_date <= ${query.to} group by item_id, store_id)`
    : sql`stock_balances`;
  const rows = await queryRows(
    db,
    quantityByStoreRow,
    sql`select items.id as "itemId", items.code as "itemCode", ${localNameSql('items')} as "itemName", items.unit, c.name as "categoryName",
          stores.id as "storeId", stores.name as "storeName", amcos.name as "amcosName",
          b.quantity::numeric(14,3)::text as quantity,
          (case when b.quantity > 0 then round(b.value / b.quantity, 6) else 0 end)::numeric(18,6)::text as "avgCost",
          b.value::numeric(16,2)::text as value, items.reorder_level::text as "reorderLevel"
        from ${asAt} b
        join ${items} on items.id = b.item_id
        join ${stores} on stores.id = b.store_id
        left join item_categories c on c.id = items.category_id
        left join ${amcos} on amcos.id = stores.amcos_id
        where b.quantity > 0 ${where ? sql`and ${where}` : sql``}
        order by stores.kind desc, stores.name collate "C", items.code collate "C"`,
  );
  return {
    data: rows,
    totals: {
      value: sum(rows.map((r) => r.value)).toFixed(2),
      inTransitValue: query.to ? '0.00' : await inTransitValue(db, society),
    },
  };
}

/** Per item×store over a date range: opening, in, out and closing quantity and value. */
export async function storeLedger(
  db: DbOrTx,
  query: StoreLedgerQuery,
  society: string | null,
): Promise<StoreLedgerReply> {
  const where = storeItemWhere(query, society);
  const from = query.from ?? '0001-01-01';
  const rows = await queryRows(
    db,
    storeLedgerRow,
    sql`select items.id as "itemId", items.code as "itemCode", ${localNameSql('items')} as "itemName", items.unit,
          stores.id as "storeId", stores.name as "storeName", amcos.name as "amcosName",
          coalesce(sum(m.quantity) filter (where m.movement_date < ${from}), 0)::numeric(14,3)::text as "openingQuantity",
          coalesce(sum(m.value) filter (where m.movement_date < ${from}), 0)::numeric(16,2)::text as "openingValue",
          coalesce(sum(m.quantity) filter (where m.movement_date >= ${from} and m.quantity > 0), 0)::numeric(14,3)::text as "inQuantity",
          coalesce(sum(m.value) filter (where m.movement_date >= ${from} and m.quantity > 0), 0)::numeric(16,2)::text as "inValue",
          coalesce(-sum(m.quantity) filter (where m.movement_date >= ${from} and m.quantity < 0), 0)::numeric(14,3)::text as "outQuantity",
          coalesce(-sum(m.value) filter (where m.movement_date >= ${from} and m.quantity < 0), 0)::numeric(16,2)::text as "outValue",
          sum(m.quantity)::numeric(14,3)::text as "closingQuantity",
          sum(m.value)::numeric(16,2)::text as "closingValue"
        from ${stockMovements} m
        join ${items} on items.id = m.item_id
        join ${stores} on stores.id = m.store_id
        left join ${amcos} on amcos.id = stores.amcos_id
        where true ${query.to ? sql`and m.movement_date <= ${query.to}` : sql``} ${where ? sql`and ${where}` : sql``}
        group by items.id, items.code, items.name, items.unit, stores.id, stores.name, stores.kind, amcos.name
        order by stores.kind desc, stores.name collate "C", items.code collate "C"`,
  );
  return {
    data: rows,
    totals: {
      openingValue: sum(rows.map((r) => r.openingValue)).toFixed(2),
      inValue: sum(rows.map((r) => r.inValue)).toFixed(2),
      outValue: sum(rows.map((r) => r.outValue)).toFixed(2),
      closingValue: sum(rows.map((r) => r.closingValue)).toFixed(2),
    },
  };
}
