import {
  type DistributionReport,
  distributionReport as distributionReportReply,
  distributionReportRow,
  recoveryRow,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
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
  // each, not per row.
  const ranks = sql`ir as (select id, row_number() over (order by name, id) as rank from items),
    ar as (select id, row_number() over (order by name, id) as rank from amcos)`;
  const named = sql`input_distribution_totals t join items i on i.id = t.item_id join amcos a on a.id = t.amcos_id
    join farmers fa on fa.id = t.farmer_id`;
  const columns = sql`i.code as "itemCode", ${localNameSql('i')} as "itemName", i.unit, a.name as "amcosName", fa.farmer_no as "farmerNo",
    concat_ws(' ', fa.first_name, fa.middle_name, fa.last_name) as "farmerName", t.kind,
    t.quantity::numeric(14,3)::text as quantity, t.farmer_value::numeric(16,2)::text as "farmerValue",
    t.subsidy_value::numeric(16,2)::text as "subsidyValue", t.cost_value::numeric(16,2)::text as "costValue"`;
  // A page: the rows are counted per item x AMCOS (no join), the groups in report order tell
  // which of them hold the page's rows, and only those groups' rows (a few thousand of 80,000 in
  // a season) are joined to their farmers and sorted by farmer number.
  const pageOf = (w: PageWindow) =>
    queryRows(
      db,
      distributionReportRow,
      sql`with ${ranks},
        g as (select t.item_id, t.amcos_id, count(*) as n from ${searched ? named : sql`input_distribution_totals t`}
          where ${scope} group by 1, 2),
        o as (select g.item_id, g.amcos_id, g.n, ir.rank as item_rank, ar.rank as amcos_rank,
            coalesce(sum(g.n) over (order by ir.rank, ar.rank rows between unbounded preceding and 1 preceding), 0) as before
          from g join ir on ir.id = g.item_id join ar on ar.id = g.amcos_id),
        pg as (select * from o where before < ${w.offset + w.limit}::bigint and before + n > ${w.offset}::bigint)
        select ${columns}
        from ${named} join pg on pg.item_id = t.item_id and pg.amcos_id = t.amcos_id
        where ${scope}
        order by pg.item_rank, pg.amcos_rank, fa.farmer_no, t.kind
        limit ${w.limit}::bigint offset (select ${w.offset}::bigint - coalesce(min(before), 0)::bigint from pg)`,
    );
  // Every row, for a file: tens of thousands sorted in memory (work_mem for this transaction
  // only), not through temporary files.
  const allRows = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      return queryRows(
        tx,
        distributionReportRow,
        sql`with ${ranks} select ${columns}
          from ${named} join ir on ir.id = t.item_id join ar on ar.id = t.amcos_id
          where ${scope} order by ir.rank, ar.rank, fa.farmer_no, t.kind`,
      );
    });
  const [season, rows, totals, recovery] = await Promise.all([
    queryRows(
      db,
      z.object({ name: z.string() }),
      sql`select name from seasons where id = ${f.seasonId}`,
    ).then((r) => r[0]),
    window ? pageOf(window) : allRows(),
    // The row count and grand totals over the whole filter (exact NUMERIC, no per-row JS work).
    queryRows(
      db,
      distributionReportReply.shape.totals.extend({ total: z.number() }),
      sql`select count(*)::int as total, coalesce(sum(t.quantity), 0)::numeric(16,3)::text as quantity,
            coalesce(sum(t.farmer_value), 0)::numeric(18,2)::text as "farmerValue",
            coalesce(sum(t.subsidy_value), 0)::numeric(18,2)::text as "subsidyValue",
            coalesce(sum(t.cost_value), 0)::numeric(18,2)::text as "costValue"
          from ${searched ? named : sql`input_distribution_totals t`} where ${scope}`,
    ).then((r) => r[0]),
    queryRows(
      db,
      recoveryRow,
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
