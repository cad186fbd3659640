import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/rows.ts';
import { postBusinessEvent } from '../../../src/modules/accounts/journal/post-business-event.ts';
import { amcosIdSql } from './people.ts';
import type { ApexPlan } from './plan.ts';

/**
 * The stores: 20 union stores holding every one of 1,000 items, and one store per AMCOS holding 25
 * of them; each item x store received once (one movement, its balance), and the stock's value
 * posted as goods received (Dr inventory / Cr goods received not invoiced) through the posting
 * door, so the inventory control account equals the stock at cost.
 */
export async function writeStores(db: Db, plan: ApexPlan, adminId: string, on: string) {
  await db.execute(sql`insert into items (id, code, name, unit)
    select gen_random_uuid(), 'AXI' || lpad(n::text, 4, '0'), 'Apex item ' || n, 'bag'
    from generate_series(1, ${plan.items}) n`);
  await db.execute(sql`insert into stores (id, code, name, kind, amcos_id)
    select gen_random_uuid(), 'AXU' || lpad(n::text, 2, '0'), 'Apex union store ' || n, 'union', null
    from generate_series(1, ${plan.unionStores}) n
    union all
    select gen_random_uuid(), 'AXS' || lpad(m::text, 4, '0'), 'Apex AMCOS store ' || m, 'amcos', ${amcosIdSql(sql`m`)}
    from generate_series(1, ${plan.amcos}) m`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table apex_stock on commit drop as
      select i.id as item_id, s.id as store_id, 10 + abs(hashtext(i.code || s.code)) % 90 as qty,
             1000 + substr(i.code, 4)::int % 500 as cost
      from stores s join items i on i.code like 'AXI%'
        and (s.kind = 'union' or (substr(i.code, 4)::int - 1) / ${plan.itemsPerAmcosStore}
             = substr(s.code, 4)::int % (${plan.items / plan.itemsPerAmcosStore}))
      where s.code like 'AXU%' or s.code like 'AXS%'`);
    await tx.execute(sql`insert into stock_movements (id, item_id, store_id, movement_date, kind, quantity, unit_cost, value,
        balance_quantity, balance_value, balance_avg_cost, source_type, source_id, source_no, created_by)
      select gen_random_uuid(), item_id, store_id, ${on}::date, 'receipt', qty, cost, qty * cost, qty, qty * cost, cost,
        'bench', gen_random_uuid(), 'APEX-OPENING', ${adminId}::uuid from apex_stock`);
    await tx.execute(sql`insert into stock_balances (item_id, store_id, quantity, value, avg_cost)
      select item_id, store_id, qty, qty * cost, cost from apex_stock`);
    const [total] = await queryRows(
      tx,
      z.object({ value: z.string() }),
      sql`select sum(qty * cost)::numeric(18, 2)::text as value from apex_stock`,
    );
    await postBusinessEvent(tx, {
      type: 'goods_received',
      amount: total?.value ?? '0',
      date: on,
      narration: {
        en: 'Apex bench: stock received into the stores',
        sw: 'Benchi ya apex: bidhaa zilizopokelewa stoo',
      },
      sourceType: 'apex_bench',
      sourceId: '00000000-0000-4000-8000-000000000000',
      actorId: adminId,
    });
  });
}
