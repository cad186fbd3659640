import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { amcosIdSql, farmerIdSql } from './people.ts';
import type { ApexPlan, ApexState } from './plan.ts';
import { writeState } from './plan.ts';

export type Season = { seasonCropId: string; std: string; ug: string; from: string };

/**
 * The season's collections, all in the AMCOS stores (status recorded: moving them on would need
 * delivery notes, lots, sales and their postings; the settlement fixture does that for its own
 * lots). Collection n is AMCOS (n % amcos)'s (n / amcos + 1)-th receipt of the year, of one of its
 * 500 farmers, dated on in step with n. One transaction per million rows: the rows, the AMCOS stock
 * totals the trigger would have kept (added from the rows written), and the progress.
 */
export async function writeCollections(
  db: Db,
  plan: ApexPlan,
  state: ApexState,
  season: Season,
  adminId: string,
) {
  const year = state.today.slice(0, 4);
  const perAmcos = Math.ceil(plan.collections / plan.amcos);
  const step = 1_000_000;
  while (state.collectionsWritten < plan.collections) {
    const a = state.collectionsWritten;
    const b = Math.min(plan.collections, a + step) - 1;
    await db.transaction(async (tx) => {
      // Loading only: no row triggers (foreign keys are by construction, the stock is added below).
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`with written as (
        insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
          bags, gross_kg, tare_kg, net_kg, moisture, status, created_by, created_at)
        select ('00000000-0000-4000-c000-' || lpad(to_hex(n), 12, '0'))::uuid,
          'RC-AX' || lpad((1 + n % ${plan.amcos})::text, 4, '0') || '-' || ${year} || '-' || lpad((n / ${plan.amcos} + 1)::text, 6, '0'),
          d.day, ${season.seasonCropId}::uuid, ${amcosIdSql(sql`1 + n % ${plan.amcos}`)},
          ${farmerIdSql(sql`(n % ${plan.amcos}) * ${plan.farmersPerAmcos} + 1 + (n / ${plan.amcos}) % ${plan.farmersPerAmcos}`)},
          case when n % 7 = 0 then ${season.ug}::uuid else ${season.std}::uuid end,
          1 + n % 4, (1 + n % 4) * 80 + (n % 50) / 10.0 + 1.5, 1.5, (1 + n % 4) * 80 + (n % 50) / 10.0,
          6 + (n % 35) / 10.0, 'recorded', ${adminId}::uuid, d.day::timestamptz
        from generate_series(${a}::bigint, ${b}::bigint) n
          cross join lateral (select ${season.from}::date + ((n / ${plan.amcos}) * (${state.today}::date - ${season.from}::date)
            / ${perAmcos})::int as day) d
        returning amcos_id, season_crop_id, grade_id, bags, net_kg)
      insert into collection_stock as s (amcos_id, season_crop_id, grade_id, status, collections, bags, net_kg)
        select amcos_id, season_crop_id, grade_id, 'recorded', count(*), sum(bags), sum(net_kg) from written group by 1, 2, 3
        on conflict (amcos_id, season_crop_id, grade_id, status) do update
          set collections = s.collections + excluded.collections, bags = s.bags + excluded.bags,
              net_kg = s.net_kg + excluded.net_kg`);
      // The receipt counters continue where the rows end: AMCOS m has written ceil((b + 1 - (m - 1)) / amcos).
      await tx.execute(sql`insert into document_sequences (type, year, last_value)
        select 'RC-AX' || lpad(m::text, 4, '0'), ${Number(year)}, (${b} + 1 - (m - 1) + ${plan.amcos} - 1) / ${plan.amcos}
        from generate_series(1, ${plan.amcos}) m where ${b} + 1 - (m - 1) > 0
        on conflict (type, year) do update set last_value = excluded.last_value`);
      state.collectionsWritten = b + 1;
      await writeState(tx, state);
    });
  }
}
