import type { DistributionReport } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';

type Filters = { seasonId: string; amcosId?: string | undefined; kind?: string | undefined };

/**
 * /reports/distributions for a season: quantities and values given per item, AMCOS, farmer and
 * kind (issued distributions only), and the recovery of the distribution loans per AMCOS. An
 * AMCOS user sees their society only.
 */
export async function distributionReport(db: Db, actor: Actor, f: Filters): Promise<DistributionReport> {
  const [season] = await queryRows<{ name: string }>(
    db,
    sql`select name from seasons where id = ${f.seasonId}`,
  );
  if (!season) throw new NotFoundError('Season not found');
  const society = societyOf(actor) ?? f.amcosId ?? null;
  // The season totals kept by the distribution save and cancel (input_distribution_totals), not
  // a grouping of every distribution line: a few thousand ready rows per season.
  const scope = sql`t.season_id = ${f.seasonId} and t.lines > 0
    ${society ? sql`and t.amcos_id = ${society}` : sql``} ${f.kind ? sql`and t.kind = ${f.kind}` : sql``}`;
  // A season is tens of thousands of farmer rows: sorted in memory (work_mem for this transaction
  // only), not through temporary files, which took most of the query's time; items and AMCOS by
  // their rank by name (integers), so the sort compares their names once each, not per row.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return queryRows<DistributionReport['rows'][number]>(
      tx,
      sql`select i.code as "itemCode", i.name as "itemName", i.unit, a.name as "amcosName", fa.farmer_no as "farmerNo",
          concat_ws(' ', fa.first_name, fa.middle_name, fa.last_name) as "farmerName", t.kind,
          t.quantity::numeric(14,3)::text as quantity, t.farmer_value::numeric(16,2)::text as "farmerValue",
          t.subsidy_value::numeric(16,2)::text as "subsidyValue", t.cost_value::numeric(16,2)::text as "costValue"
        from input_distribution_totals t
          join (select *, row_number() over (order by name, id) as rank from items) i on i.id = t.item_id
          join (select *, row_number() over (order by name, id) as rank from amcos) a on a.id = t.amcos_id
        join farmers fa on fa.id = t.farmer_id
        where ${scope}
        order by i.rank, a.rank, fa.farmer_no, t.kind`,
    );
  });
  const recovery = await queryRows<DistributionReport['recovery'][number]>(
    db,
    sql`with loans as (
          select d.amcos_id, d.farmer_id, lo.amount, lo.recovered
          from input_distributions d join farmer_loans lo on lo.id = d.loan_id
          where d.season_id = ${f.seasonId} and d.status = 'issued' ${society ? sql`and d.amcos_id = ${society}` : sql``}),
        per_farmer as (
          select amcos_id, farmer_id, sum(amount) as given, sum(recovered) as recovered from loans group by 1, 2)
        select a.id as "amcosId", a.name as "amcosName", count(*)::int as farmers,
          sum(p.given)::numeric(16,2)::text as given, sum(p.recovered)::numeric(16,2)::text as recovered,
          sum(p.given - p.recovered)::numeric(16,2)::text as outstanding,
          (count(*) filter (where p.given > p.recovered and not exists (
              select 1 from collections c join season_crops sc on sc.id = c.season_crop_id
              where c.farmer_id = p.farmer_id and sc.season_id = ${f.seasonId}
                and c.status not in ('paid', 'cancelled'))))::int as "farmersWithNothingToRecoverFrom"
        from per_farmer p join amcos a on a.id = p.amcos_id
        group by a.id, a.name order by a.name`,
  );
  // The grand totals summed by the database over the same rows (exact NUMERIC, no per-row JS work).
  const [totals] = await queryRows<DistributionReport['totals']>(
    db,
    sql`select coalesce(sum(t.quantity), 0)::numeric(16,3)::text as quantity,
          coalesce(sum(t.farmer_value), 0)::numeric(18,2)::text as "farmerValue",
          coalesce(sum(t.subsidy_value), 0)::numeric(18,2)::text as "subsidyValue",
          coalesce(sum(t.cost_value), 0)::numeric(18,2)::text as "costValue"
        from input_distribution_totals t where ${scope}`,
  );
  return {
    seasonName: season.name,
    rows,
    recovery,
    totals: totals ?? { quantity: '0.000', farmerValue: '0.00', subsidyValue: '0.00', costValue: '0.00' },
  };
}
