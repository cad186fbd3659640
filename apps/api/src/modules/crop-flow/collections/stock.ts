import type { StockQuery } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { currentLanguage, type Lang, localNameParamSql } from '../../../platform/labels.ts';

const replyRow = z.object({ reply: z.string() });

/**
 * The AMCOS stock per season crop and grade in one indexed query, from totals kept in the same
 * transaction as every collection and delivery note change: `collection_stock` (one row per
 * collection status, pivoted here: collected is every status but cancelled, delivered is on a note
 * or further, stock is recorded, still at the AMCOS) and `transit_stock` (on dispatched notes, not
 * yet received). Its cost does not grow with the collections or the notes on the road. `society`
 * (an AMCOS user's) or the `amcos_id` filter confines it to one AMCOS, by the totals' primary keys.
 *
 * The database writes the whole reply (`StockReply` as JSON text, its totals summed there too), so
 * a union-wide answer of a few hundred rows costs the API no row parsing or serialising: the route
 * sends it as it is. A prepared statement per filter combination (the language is a parameter).
 */
export async function amcosStock(db: DbOrTx, query: StockQuery, society: string | null): Promise<string> {
  const amcosId = society ?? query.amcos_id ?? null;
  const seasonCropId = query.season_crop_id ?? null;
  const where: SQL[] = [
    amcosId ? sql`and st.amcos_id = ${amcosId}::uuid` : sql``,
    seasonCropId ? sql`and st.season_crop_id = ${seasonCropId}::uuid` : sql``,
  ];
  const lang = currentLanguage();
  const [row] = await queryRows(db, replyRow, stockSql(sql.join(where, sql` `), lang), {
    prepared: `collections_stock_${amcosId ? 'a' : ''}${seasonCropId ? 's' : ''}`,
  });
  if (!row) throw new Error('The stock query answered nothing');
  return row.reply;
}

function stockSql(where: SQL, lang: Lang): SQL {
  return sql`with t as (
      select st.amcos_id, st.season_crop_id, st.grade_id,
        coalesce(sum(st.bags) filter (where st.status <> 'cancelled'), 0)::int as collected_bags,
        coalesce(sum(st.net_kg) filter (where st.status <> 'cancelled'), 0)::numeric(16,3) as collected_kg,
        coalesce(sum(st.net_kg) filter (where st.status not in ('recorded', 'cancelled')), 0)::numeric(16,3) as delivered_kg,
        coalesce(sum(st.collections) filter (where st.status = 'recorded'), 0)::int as stock_count,
        coalesce(sum(st.bags) filter (where st.status = 'recorded'), 0)::int as stock_bags,
        coalesce(sum(st.net_kg) filter (where st.status = 'recorded'), 0)::numeric(16,3) as stock_kg
      from collection_stock st
      where true ${where}
      group by st.amcos_id, st.season_crop_id, st.grade_id
      having sum(st.collections) filter (where st.status <> 'cancelled') > 0),
    r as (
      select a.name as amcos_name, s.name as season_name, ${localNameParamSql('c', lang)} as crop_name, g.code as grade_code,
        coalesce(tr.net_kg, 0)::numeric(16,3) as transit_kg, t.stock_bags, t.stock_kg, t.collected_kg, j
      from t
      left join transit_stock tr
        on tr.amcos_id = t.amcos_id and tr.season_crop_id = t.season_crop_id and tr.grade_id = t.grade_id
      join amcos a on a.id = t.amcos_id
      join season_crops sc on sc.id = t.season_crop_id
      join seasons s on s.id = sc.season_id
      join crops c on c.id = sc.crop_id
      join grades g on g.id = t.grade_id
      -- The row as the contract names it: json_agg writes a record compactly.
      cross join lateral (select t.amcos_id as "amcosId", a.code as "amcosCode", a.name as "amcosName",
          t.season_crop_id as "seasonCropId", s.name as "seasonName", ${localNameParamSql('c', lang)} as "cropName",
          t.grade_id as "gradeId", g.code as "gradeCode", ${localNameParamSql('g', lang)} as "gradeName",
          t.collected_bags as "collectedBags", t.collected_kg::text as "collectedKg", t.delivered_kg::text as "deliveredKg",
          t.stock_count as "stockCount", t.stock_bags as "stockBags", t.stock_kg::text as "stockKg",
          coalesce(tr.bags, 0)::int as "inTransitBags", coalesce(tr.net_kg, 0)::numeric(16,3)::text as "inTransitKg") j)
    select json_build_object(
        'data', coalesce(json_agg(r.j order by r.amcos_name, r.season_name desc, r.crop_name, r.grade_code), '[]'),
        'totals', json_build_object('stockBags', coalesce(sum(r.stock_bags), 0)::bigint,
          'stockKg', coalesce(sum(r.stock_kg), 0)::numeric(16,3)::text,
          'inTransitKg', coalesce(sum(r.transit_kg), 0)::numeric(16,3)::text,
          'collectedKg', coalesce(sum(r.collected_kg), 0)::numeric(16,3)::text))::text as reply
    from r`;
}
