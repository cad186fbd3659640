import { type AuctionReportQuery, auctionPriceRow, groupTotalRow, soldLotRow } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { localNameSql } from '../../../platform/labels.ts';

/**
 * Auction reports over sold lots (closed auctions): an auction, a season crop and/or a date range,
 * a buyer, a warehouse; an AMCOS user's figures cover their own society's lots only.
 */
export type ReportFilter = Omit<AuctionReportQuery, 'format'> & { society: string | null };

function where(f: ReportFilter): SQL {
  return sql.join(
    [
      sql`al.outcome = 'sold'`,
      f.auction_id ? sql`a.id = ${f.auction_id}` : undefined,
      f.season_crop_id ? sql`a.season_crop_id = ${f.season_crop_id}` : undefined,
      f.from ? sql`a.auction_date >= ${f.from}` : undefined,
      f.to ? sql`a.auction_date <= ${f.to}` : undefined,
      f.buyer_id ? sql`al.buyer_id = ${f.buyer_id}` : undefined,
      f.warehouse_id ? sql`l.warehouse_id = ${f.warehouse_id}` : undefined,
      f.society ? sql`l.amcos_id = ${f.society}` : undefined,
    ].filter((s): s is SQL => s !== undefined),
    sql` and `,
  );
}

const soldFrom = sql`from auction_lots al
  join auctions a on a.id = al.auction_id
  join lots l on l.id = al.lot_id
  join grades g on g.id = l.grade_id`;

export type PriceRow = z.infer<typeof auctionPriceRow>;

/** Min, max and kg-weighted average price per grade per auction (average = amount / kg, to the cent). */
export function auctionPrice(db: DbOrTx, f: ReportFilter) {
  return queryRows(
    db,
    auctionPriceRow,
    sql`select a.id as "auctionId", a.auction_no as "auctionNo", a.auction_date::text as "auctionDate",
      ${localNameSql('g')} as "gradeName", count(*)::int as lots, sum(l.net_kg)::numeric(16,3)::text as kg,
      min(al.price_per_kg)::text as "minPrice", max(al.price_per_kg)::text as "maxPrice",
      round(sum(al.amount) / sum(l.net_kg), 2)::numeric(14,2)::text as "averagePrice",
      sum(al.amount)::numeric(16,2)::text as amount
    ${soldFrom} where ${where(f)}
    group by a.id, a.auction_no, a.auction_date, g.id
    order by a.auction_date, a.auction_no, ${localNameSql('g')}`,
  );
}

export type DetailRow = z.infer<typeof soldLotRow>;

/** Every sold lot: auction, lot, society, warehouse, grade, buyer, kg, price and amount. */
export function auctionDetails(db: DbOrTx, f: ReportFilter) {
  return queryRows(
    db,
    soldLotRow,
    sql`select a.auction_no as "auctionNo", a.auction_date::text as "auctionDate", l.lot_no as "lotNo",
      l.whr_no as "whrNo", s.name as "amcosName", w.name as "warehouseName", ${localNameSql('g')} as "gradeName",
      b.name as "buyerName", b.bid_code as "bidCode", l.bags, l.net_kg::text as kg,
      al.price_per_kg::text as "pricePerKg", al.amount::text as amount
    ${soldFrom} join amcos s on s.id = l.amcos_id join warehouses w on w.id = l.warehouse_id
      join buyers b on b.id = al.buyer_id
    where ${where(f)}
    order by a.auction_date, a.auction_no, l.lot_no, w.name
    limit 100000`,
  );
}

export type GroupRow = z.infer<typeof groupTotalRow>;

/** Totals per buyer (or per warehouse) per auction. */
export function groupedTotals(db: DbOrTx, f: ReportFilter, by: 'buyer' | 'warehouse') {
  const join =
    by === 'buyer'
      ? sql`join buyers x on x.id = al.buyer_id`
      : sql`join warehouses x on x.id = l.warehouse_id`;
  const code = by === 'buyer' ? sql`x.bid_code` : sql`x.licence_no`;
  return queryRows(
    db,
    groupTotalRow,
    sql`select a.auction_no as "auctionNo", a.auction_date::text as "auctionDate", x.name, ${code} as code,
      count(*)::int as lots, sum(l.net_kg)::numeric(16,3)::text as kg,
      round(sum(al.amount) / sum(l.net_kg), 2)::numeric(14,2)::text as "averagePrice",
      sum(al.amount)::numeric(16,2)::text as amount
    ${soldFrom} ${join}
    where ${where(f)}
    group by a.id, a.auction_no, a.auction_date, x.id, x.name, ${code}
    order by a.auction_date, a.auction_no, x.name`,
  );
}
