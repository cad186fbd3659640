import type { DistributionReport } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow } from '../../../platform/list.ts';

type Filters = {
  seasonId: string;
  amcosId?: string | undefined;
  kind?: string | undefined;
  search?: string | undefined;
};
type Row = DistributionReport['data'][number];
export type DistributionReportPage = Omit<DistributionReport, 'data' | 'meta'> & {
  rows: Row[];
  total: number;
};

/**
 * /reports/distributions for a season: quantities and values given per item, AMCOS, farmer and
 * kind (issued distributions only), one page of rows (`window`) or all of them (`null`, for the
 * files), with the row count, the grand totals and the recovery of the distribution loans per
 * AMCOS over the whole filter, summed by the database. An AMCOS user sees their society only.
 */
export async function distributionReport(
  db: Db,
  actor: Actor,
  f: Filters,
  window: PageWindow | null,
): Promise<DistributionReportPage> {
  const society = societyOf(actor) ?? f.amcosId ?? null;
  // The season totals kept by the distribution save and cancel (input_distribution_totals), not
  // a grouping of every distribution line. The search names an item, an AMCOS or a farmer.
  const searched = f.search ? likeContains(f.search) : null;
  const scope = sql`t.season_id = ${f.seasonId} and t.lines > 0
    ${society ? sql`and t.amcos_id = ${society}` : sql``} ${f.kind ? sql`and t.kind = ${f.kind}` : sql``}
    ${
      searched
        ? sql`and (lower(fa.farmer_no) like ${searched} or lower(concat_ws(' ', fa.first_name, fa.middle_name, fa.last_name)) like ${searched}
            or lower(i.name) like ${searched} or lower(i.code) like ${searched} or lower(a.name) like ${searched})`
        : sql``
    }`;
  // Items and AMCOS sorted by their rank by name (integers): the sort compares their names once
  // each, not per row. A page is the top rows of that order (a bounded sort), and only its rows
  // take the names and the farmer's full name.
  const ranked = sql`input_distribution_totals t
    join (select id, name, code, row_number() over (order by name, id) as rank from items) i on i.id = t.item_id
    join (select id, name, row_number() over (order by name, id) as rank from amcos) a on a.id = t.amcos_id
    join farmers fa on fa.id = t.farmer_id`;
  const rowsOf = (tx: Db) =>
    queryRows<Row>(
      tx,
      sql`with page as (
          select t.item_id, t.amcos_id, t.farmer_id, t.kind, t.quantity, t.farmer_value, t.subsidy_value, t.cost_value,
            i.rank as item_rank, a.rank as amcos_rank, fa.farmer_no
          from ${ranked} where ${scope}
          order by i.rank, a.rank, fa.farmer_no, t.kind
          ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``})
        select i.code as "itemCode", i.name as "itemName", i.unit, a.name as "amcosName", p.farmer_no as "farmerNo",
          concat_ws(' ', fa.first_name, fa.middle_name, fa.last_name) as "farmerName", p.kind,
          p.quantity::numeric(14,3)::text as quantity, p.farmer_value::numeric(16,2)::text as "farmerValue",
          p.subsidy_value::numeric(16,2)::text as "subsidyValue", p.cost_value::numeric(16,2)::text as "costValue"
        from page p join items i on i.id = p.item_id join amcos a on a.id = p.amcos_id join farmers fa on fa.id = p.farmer_id
        order by p.item_rank, p.amcos_rank, p.farmer_no, p.kind`,
    );
  const [season, rows, totals, recovery] = await Promise.all([
    queryRows<{ name: string }>(db, sql`select name from seasons where id = ${f.seasonId}`).then((r) => r[0]),
    window
      ? rowsOf(db)
      : // The whole season for a file: tens of thousands of rows sorted in memory (work_mem for
        // this transaction only), not through temporary files.
        db.transaction(async (tx) => {
          await tx.execute(sql`set local work_mem = '64MB'`);
          return rowsOf(tx);
        }),
    // The row count and grand totals over the whole filter (exact NUMERIC, no per-row JS work).
    queryRows<DistributionReport['totals'] & { total: number }>(
      db,
      sql`select count(*)::int as total, coalesce(sum(t.quantity), 0)::numeric(16,3)::text as quantity,
            coalesce(sum(t.farmer_value), 0)::numeric(18,2)::text as "farmerValue",
            coalesce(sum(t.subsidy_value), 0)::numeric(18,2)::text as "subsidyValue",
            coalesce(sum(t.cost_value), 0)::numeric(18,2)::text as "costValue"
          from ${searched ? ranked : sql`input_distribution_totals t`} where ${scope}`,
    ).then((r) => r[0]),
    queryRows<DistributionReport['recovery'][number]>(
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
    ),
  ]);
  if (!season) throw new NotFoundError('Season not found');
  return {
    seasonName: season.name,
    rows,
    total: totals?.total ?? 0,
    recovery,
    totals: {
      quantity: totals?.quantity ?? '0.000',
      farmerValue: totals?.farmerValue ?? '0.00',
      subsidyValue: totals?.subsidyValue ?? '0.00',
      costValue: totals?.costValue ?? '0.00',
    },
  };
}
