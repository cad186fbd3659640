import type { DashboardQuery, DashboardReply } from '@ushirika/contracts';
import { dec, round, sum, todayInTanzania } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { localNameSql } from '../../platform/labels.ts';
import { emptyPayables, seasonPayables } from './payables.ts';

const seasonRow = z.object({ id: z.string(), name: z.string(), status: z.string() });
const kgSqlRow = z.object({ id: z.string(), name: z.string(), kg: z.string() });

const TOP_AMCOS = 10;
const DAYS = 30;

const emptyLots = (): DashboardReply['lots'] => ({
  in_store: { count: 0, kg: '0.000' },
  catalogued: { count: 0, kg: '0.000' },
  sold: { count: 0, kg: '0.000' },
  released: { count: 0, kg: '0.000' },
});

/** The season asked for, or the open one; null when there is none open. */
async function pickSeason(db: DbOrTx, seasonId: string | undefined) {
  const seasons = await queryRows(
    db,
    seasonRow,
    sql`select id, name, status from seasons order by start_date desc, name desc`,
  );
  if (seasonId) {
    const season = seasons.find((s) => s.id === seasonId);
    if (!season) throw new NotFoundError('The season was not found');
    return { season, seasons };
  }
  return { season: seasons.find((s) => s.status === 'open') ?? null, seasons };
}

/** The 30 days ending today (Tanzania), oldest first. */
function lastDays(today: string): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: DAYS }, (_, i) =>
    new Date(end - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The season and society a dashboard read covers, as SQL pieces. */
type Scope = {
  seasonId: string;
  /** The season's season crops, as a subquery. */
  inSeason: SQL;
  /** `and <column> = <society>` for a society's view, nothing for the union's. */
  only: (column: SQL) => SQL;
};

function seasonScope(seasonId: string, amcosId: string | null): Scope {
  return {
    seasonId,
    inSeason: sql`(select sc.id from season_crops sc where sc.season_id = ${seasonId}::uuid)`,
    only: (column) => (amcosId ? sql`and ${column} = ${amcosId}::uuid` : sql``),
  };
}

/** Kg collected per crop this season, the largest first. */
function kgByCrop(db: DbOrTx, scope: Scope) {
  return queryRows(
    db,
    kgSqlRow,
    sql`select c.id, ${localNameSql('c')} as name, sum(st.net_kg)::numeric(16,3)::text as kg
        from collection_stock st
        join season_crops sc on sc.id = st.season_crop_id
        join crops c on c.id = sc.crop_id
        where sc.season_id = ${scope.seasonId}::uuid and st.status <> 'cancelled' ${scope.only(sql`st.amcos_id`)}
        group by c.id, c.name
        having sum(st.net_kg) > 0
        order by sum(st.net_kg) desc, ${localNameSql('c')}`,
  );
}

/** Kg collected per society this season, the largest first. */
function kgByAmcos(db: DbOrTx, scope: Scope) {
  return queryRows(
    db,
    kgSqlRow,
    sql`select a.id, a.name, t.kg::numeric(16,3)::text as kg
        from (
          select st.amcos_id, sum(st.net_kg) as kg
          from collection_stock st
          where st.season_crop_id in ${scope.inSeason} and st.status <> 'cancelled' ${scope.only(sql`st.amcos_id`)}
          group by st.amcos_id
          having sum(st.net_kg) > 0
        ) t
        join amcos a on a.id = t.amcos_id
        order by t.kg desc, a.name`,
  );
}

/** Kg weighed and still at the societies (not yet in a lot). */
function stockInStore(db: DbOrTx, scope: Scope) {
  return queryRows(
    db,
    z.object({ kg: z.string() }),
    sql`select coalesce(sum(st.net_kg), 0)::numeric(16,3)::text as kg
        from collection_stock st
        where st.season_crop_id in ${scope.inSeason} and st.status = 'recorded' ${scope.only(sql`st.amcos_id`)}`,
  );
}

/** Kg collected per day from one date to another. */
function kgByDay(db: DbOrTx, scope: Scope, from: string, to: string) {
  return queryRows(
    db,
    z.object({ day: z.string(), kg: z.string() }),
    sql`select c.collected_on::text as day, sum(c.net_kg)::numeric(16,3)::text as kg
        from collections c
        where c.collected_on between ${from}::date and ${to}::date
          and c.season_crop_id in ${scope.inSeason} and c.status <> 'cancelled' ${scope.only(sql`c.amcos_id`)}
        group by c.collected_on`,
  );
}

/** Lots per status: how many and their kg. */
function lotsByStatus(db: DbOrTx, scope: Scope) {
  return queryRows(
    db,
    z.object({
      status: z.enum(['in_store', 'catalogued', 'sold', 'released']),
      count: z.number(),
      kg: z.string(),
    }),
    sql`select l.status, count(*)::int as count, sum(l.net_kg)::numeric(16,3)::text as kg
        from lots l
        where l.season_crop_id in ${scope.inSeason} ${scope.only(sql`l.amcos_id`)}
        group by l.status`,
  );
}

/** Each crop's sales: kg, amount (the average price is amount / kg). */
function averagePrices(db: DbOrTx, scope: Scope) {
  return queryRows(
    db,
    z.object({ crop: z.string(), kg: z.string(), amount: z.string() }),
    sql`select ${localNameSql('c')} as crop, sum(il.kg)::numeric(16,3)::text as kg, sum(il.amount)::numeric(18,2)::text as amount
        from sales_invoice_lines il
        join sales_invoices si on si.id = il.invoice_id and si.status <> 'cancelled'
        join lots l on l.id = il.lot_id
        join season_crops sc on sc.id = l.season_crop_id
        join crops c on c.id = sc.crop_id
        where il.kind = 'lot' and sc.season_id = ${scope.seasonId}::uuid and il.kg > 0 ${scope.only(sql`l.amcos_id`)}
        group by c.id, c.name
        order by ${localNameSql('c')}`,
  );
}

/** The season's invoices, what was received, and buyers' unallocated credit (union view only). */
function buyerMoney(db: DbOrTx, scope: Scope) {
  return queryRows(
    db,
    z.object({ invoiced: z.string(), received: z.string(), unallocatedCredit: z.string() }),
    sql`select coalesce(sum(si.total), 0)::numeric(18,2)::text as invoiced,
            coalesce(sum(si.paid_amount), 0)::numeric(18,2)::text as received,
            (select coalesce(sum(r.amount - r.allocated), 0) from buyer_receipts r)
              ::numeric(18,2)::text as "unallocatedCredit"
          from sales_invoices si
          where si.status <> 'cancelled'
            and exists (
              select 1 from sales_invoice_lines il join lots l on l.id = il.lot_id
              where il.invoice_id = si.id and l.season_crop_id in ${scope.inSeason}
            )`,
  );
}

/**
 * The season at a glance. `society` (an AMCOS user's society) or, for a union user, the optional
 * `amcos_id` filter confines every figure in SQL. Collected and stock kg come from the
 * trigger-kept `collection_stock` totals; only the 30-day series reads `collections` (by its
 * (amcos_id, collected_on) index for one AMCOS). Buyers' money is union-wide only: an invoice
 * can carry lots of several societies. Payables due / paid out come from the payment lines.
 */
export async function seasonDashboard(
  db: DbOrTx,
  query: DashboardQuery,
  society: string | null,
): Promise<DashboardReply> {
  const amcosId = society ?? query.amcos_id ?? null;
  const { season, seasons } = await pickSeason(db, query.season_id);
  const today = todayInTanzania();
  const days = lastDays(today);
  const base: DashboardReply = {
    season,
    seasons,
    scope: { amcosId },
    collectedKg: '0.000',
    stockKg: '0.000',
    byCrop: [],
    byAmcos: [],
    byDay: days.map((date) => ({ date, kg: '0.000' })),
    lots: emptyLots(),
    avgPrice: [],
    money: null,
    payables: emptyPayables(amcosId),
  };
  if (!season) return base;

  const scope = seasonScope(season.id, amcosId);
  const [crops, societies, stock, daily, lotRows, prices, money, payables] = await Promise.all([
    kgByCrop(db, scope),
    kgByAmcos(db, scope),
    stockInStore(db, scope),
    kgByDay(db, scope, days[0] ?? today, today),
    lotsByStatus(db, scope),
    averagePrices(db, scope),
    amcosId ? Promise.resolve(null) : buyerMoney(db, scope),
    seasonPayables(db, scope.inSeason, amcosId),
  ]);

  const top = societies.slice(0, TOP_AMCOS);
  const rest = societies.slice(TOP_AMCOS);
  const byAmcos: DashboardReply['byAmcos'] = top.map((r) => ({ id: r.id, name: r.name, kg: r.kg }));
  if (rest.length > 0) byAmcos.push({ id: null, name: 'others', kg: sum(rest.map((r) => r.kg)).toFixed(3) });

  const perDay = new Map(daily.map((d) => [d.day, d.kg]));
  const lots = emptyLots();
  for (const r of lotRows) lots[r.status] = { count: r.count, kg: r.kg };
  const m = money?.[0];

  return {
    ...base,
    collectedKg: sum(crops.map((c) => c.kg)).toFixed(3),
    stockKg: stock[0]?.kg ?? '0.000',
    byCrop: crops.map((c) => ({ id: c.id, name: c.name, kg: c.kg })),
    byAmcos,
    byDay: days.map((date) => ({ date, kg: perDay.get(date) ?? '0.000' })),
    lots,
    avgPrice: prices.map((p) => ({
      crop: p.crop,
      kg: p.kg,
      amount: p.amount,
      pricePerKg: round(dec(p.amount).div(p.kg)).toFixed(2),
    })),
    money: m
      ? {
          invoiced: m.invoiced,
          received: m.received,
          outstanding: dec(m.invoiced).minus(m.received).toFixed(2),
          unallocatedCredit: m.unallocatedCredit,
        }
      : null,
    payables,
  };
}
