import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { countRow, idRow, queryRows } from '../db/rows.ts';
import { createDistribution } from '../modules/inputs/distributions/create-distribution.ts';
import { saveInputPrice } from '../modules/inputs/prices/save-input-price.ts';
import { approveInputRequest } from '../modules/inputs/requests/approve-input-request.ts';
import { createInputRequest } from '../modules/inputs/requests/create-input-request.ts';
import type { Actor } from '../platform/access.ts';
import { actorByEmail, demoActors } from './demo-sales-support.ts';
import { DEMO_SOCIETIES, plannedAccounts } from './demo-union.ts';

export type DemoInputs = {
  skipped: boolean;
  prices: number;
  requests: number;
  distributions: number;
  loans: string;
};

async function clerkOf(db: Db, code: string): Promise<Actor | null> {
  const email = plannedAccounts().find((a) => a.role === 'AMCOS Clerk' && a.society?.code === code)?.email;
  return email ? actorByEmail(db, email) : null;
}

/**
 * Farmer inputs of the demo season, through the real use cases: the union's sulphur prices
 * (credit 65,000, cash 60,000, subsidised 20,000 + 45,000 from the programme; 150,000 a farm acre),
 * and in each of the two AMCOS whose stores received sulphur, five cashew farmers' requests
 * recorded by the clerk: four approved by the manager and the crop officer and issued (credit,
 * one subsidised), one left waiting for the union. The farmers chosen have crop in lots, so the
 * demo settlements recover their loans. Run after the stores and before the sales; a second run
 * changes nothing.
 */
export async function loadDemoInputs(db: Db): Promise<DemoInputs> {
  const none = { skipped: true, prices: 0, requests: 0, distributions: 0, loans: '0.00' };
  const actors = await demoActors(db);
  const [ctx] = await queryRows(
    db,
    z.object({ seasonId: z.string(), seasonCropId: z.string(), itemId: z.string() }),
    sql`select s.id as "seasonId", sc.id as "seasonCropId", (select id from items where code = 'SUL25') as "itemId"
        from seasons s join season_crops sc on sc.season_id = s.id join crops c on c.id = sc.crop_id
        where s.status = 'open' and c.code = 'CASHEW'`,
  );
  if (!actors || !ctx?.itemId) return none;
  const [done] = await queryRows(
    db,
    countRow,
    sql`select count(*)::int as n from input_prices where season_id = ${ctx.seasonId}`,
  );
  if ((done?.n ?? 0) > 0) return none;
  await saveInputPrice(db, actors.cropOfficer, {
    seasonId: ctx.seasonId,
    itemId: ctx.itemId,
    creditPrice: '65000',
    cashPrice: '60000',
    subsidisedPrice: '20000',
    programmeShare: '45000',
    limitBasis: 'per_acre',
    creditLimit: '150000',
  });
  let requests = 0;
  let distributions = 0;
  for (const society of DEMO_SOCIETIES) {
    const clerk = await clerkOf(db, society.code);
    const manager = actors.managers.get(society.code);
    const [store] = await queryRows(
      db,
      z.object({ id: z.string(), held: z.string() }),
      sql`select s.id, b.quantity::text as held from stores s join amcos a on a.id = s.amcos_id
          join stock_balances b on b.store_id = s.id and b.item_id = ${ctx.itemId}
          where a.code = ${society.code} and b.quantity >= 30`,
    );
    if (!clerk || !manager || !store) continue;
    // Farmers with at least two acres of cashew and crop already in lots, most crop first.
    const farmers = await queryRows(
      db,
      idRow,
      sql`select f.id from farmers f join amcos a on a.id = f.amcos_id
          where a.code = ${society.code} and f.status = 'active'
            and (select coalesce(sum(acres), 0) from farms where farmer_id = f.id
                 and crop_id = (select crop_id from season_crops where id = ${ctx.seasonCropId})) >= 2
          order by (select coalesce(sum(net_kg), 0) from collections c where c.farmer_id = f.id and c.lot_id is not null) desc, f.farmer_no
          limit 5`,
    );
    for (const [i, farmer] of farmers.entries()) {
      const request = await createInputRequest(db, clerk, {
        farmerId: farmer.id,
        seasonCropId: ctx.seasonCropId,
        lines: [{ itemId: ctx.itemId, quantity: String(2 + (i % 3)) }],
      });
      requests++;
      await approveInputRequest(db, manager, { id: request.id });
      if (i === farmers.length - 1) continue; // waits for the union's crop officer
      await approveInputRequest(db, actors.cropOfficer, { id: request.id });
      await createDistribution(db, clerk, {
        requestId: request.id,
        storeId: store.id,
        kind: i === 1 ? 'subsidised' : 'credit',
      });
      distributions++;
    }
  }
  const [loans] = await queryRows(
    db,
    z.object({ total: z.string() }),
    sql`select coalesce(sum(amount), 0)::numeric(16,2)::text as total from farmer_loans where source = 'distribution'`,
  );
  return { skipped: false, prices: 1, requests, distributions, loans: loans?.total ?? '0.00' };
}
