import { dec } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { afterIssue, type Balance } from './valuation.ts';

/**
 * The item x store balance rows, written for the stock door (move-stock.ts) in as few statements
 * as the lines allow: one for all lines when each item appears once, else one per line (a line's
 * balance after it must see the lines before it). Lines come in item order: locks are taken in it.
 */

const balanceRow = z.object({
  item_id: z.string(),
  quantity: z.string(),
  value: z.string(),
  avg_cost: z.string(),
});
type Row = z.infer<typeof balanceRow>;
const toBalance = (r: Row): Balance => ({ quantity: r.quantity, value: r.value, avgCost: r.avg_cost });
const distinct = (lines: { itemId: string }[]) => new Set(lines.map((l) => l.itemId)).size === lines.length;

const upsert = (storeId: string, values: SQL) => sql`
  insert into stock_balances (item_id, store_id, quantity, value, avg_cost)
  select v.item_id::uuid, ${storeId}::uuid, v.quantity::numeric, v.value::numeric,
         round(v.value::numeric / v.quantity::numeric, 6)
  from (values ${values}) as v(item_id, quantity, value)
  on conflict (item_id, store_id) do update set
    quantity = stock_balances.quantity + excluded.quantity,
    value = stock_balances.value + excluded.value,
    avg_cost = round((stock_balances.value + excluded.value) / (stock_balances.quantity + excluded.quantity), 6),
    updated_at = now()
  returning item_id, quantity::text, value::text, avg_cost::text`;

/** Receipts in: quantity and value added, the weighted average recomputed. Balances after each line. */
export async function addToBalances(
  tx: DbOrTx,
  storeId: string,
  lines: { itemId: string; quantity: string; value: string }[],
): Promise<Balance[]> {
  const values = (ls: typeof lines) =>
    sql.join(
      ls.map((l) => sql`(${l.itemId}, ${l.quantity}, ${l.value})`),
      sql`, `,
    );
  if (distinct(lines)) {
    const rows = await queryRows(tx, balanceRow, upsert(storeId, values(lines)));
    const byItem = new Map(rows.map((r) => [r.item_id, toBalance(r)]));
    return lines.map((l) => byItem.get(l.itemId) as Balance);
  }
  const out: Balance[] = [];
  for (const line of lines) {
    const [row] = await queryRows(tx, balanceRow, upsert(storeId, values([line])));
    if (!row) throw new Error('Stock balance upsert returned nothing');
    out.push(toBalance(row));
  }
  return out;
}

export type Taken = { value: string; unitCost: string; balance: Balance };

/**
 * Issues out at the current average: the rows are locked, each line checked against what is held
 * (`short(index, held)` builds the refusal), then updated only `where quantity >= asked`.
 */
export async function takeFromBalances(
  tx: DbOrTx,
  storeId: string,
  lines: { itemId: string; quantity: string }[],
  short: (index: number, held: string) => Error,
): Promise<Taken[]> {
  const lock = (ids: string[]) =>
    queryRows(
      tx,
      balanceRow,
      sql`select item_id, quantity::text, value::text, avg_cost::text from stock_balances
          where store_id = ${storeId} and item_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          order by item_id for update`,
    );
  const update = (changes: { itemId: string; asked: string; quantity: string; value: string }[]) =>
    queryRows(
      tx,
      balanceRow,
      sql`update stock_balances b set quantity = v.quantity::numeric, value = v.value::numeric, updated_at = now()
          from (values ${sql.join(
            changes.map((c) => sql`(${c.itemId}, ${c.asked}, ${c.quantity}, ${c.value})`),
            sql`, `,
          )}) as v(item_id, asked, quantity, value)
          where b.store_id = ${storeId} and b.item_id = v.item_id::uuid and b.quantity >= v.asked::numeric
          returning b.item_id, b.quantity::text, b.value::text, b.avg_cost::text`,
    );
  const batches = distinct(lines) ? [lines.map((l, i) => ({ l, i }))] : lines.map((l, i) => [{ l, i }]);
  const out: Taken[] = [];
  for (const batch of batches) {
    const held = new Map((await lock(batch.map((b) => b.l.itemId))).map((r) => [r.item_id, toBalance(r)]));
    const changes = batch.map(({ l, i }) => {
      const before = held.get(l.itemId);
      const after = before ? afterIssue(before, l.quantity) : null;
      if (!before || !after) throw short(i, before?.quantity ?? '0');
      out[i] = { value: after.value, unitCost: dec(before.avgCost).toFixed(6), balance: after.balance };
      return { itemId: l.itemId, asked: dec(l.quantity).toFixed(3), ...after.balance };
    });
    const rows = await update(changes);
    for (const { l, i } of batch) {
      const row = rows.find((r) => r.item_id === l.itemId);
      if (!row) throw short(i, held.get(l.itemId)?.quantity ?? '0');
      (out[i] as Taken).balance = toBalance(row);
    }
  }
  return out;
}
