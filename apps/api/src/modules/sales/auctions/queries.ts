import {
  type Auction,
  type AuctionDetail,
  type AuctionLot,
  type AvailableLot,
  auctionDetail,
} from '@ushirika/contracts';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { lots } from '../../crop-flow/schema.ts';
import { crops, grades, seasonCrops, seasons } from '../../seasons/schema.ts';
import { warehouses } from '../../warehouses/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { auctionLots, auctions } from './schema.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The lots of an auction a caller may see: all for union staff, their own society's for AMCOS users. */
const societyLots = (society: string | null) => (society ? sql`and l.amcos_id = ${society}` : sql``);

/** net kg x price, half-up to the cent (PostgreSQL's round on numeric). */
export const lineAmount = sql`round(l.net_kg * al.price_per_kg, 2)`;

function summaryColumns(society: string | null) {
  const from = sql`from auction_lots al join lots l on l.id = al.lot_id
    where al.auction_id = "auctions"."id" ${societyLots(society)}`;
  const sold = sql`(al.outcome = 'sold' or (al.outcome is null and al.decision = 'accept'))`;
  return {
    id: auctions.id,
    auctionNo: auctions.auctionNo,
    auctionDate: auctions.auctionDate,
    seasonCropId: auctions.seasonCropId,
    seasonName: seasons.name,
    cropName: localNameSql('crops'),
    platform: auctions.platform,
    venue: auctions.venue,
    status: auctions.status,
    lotCount: sql<number>`(select count(*)::int ${from})`,
    netKg: sql<string>`(select coalesce(sum(l.net_kg), 0)::text ${from})`,
    soldKg: sql<string>`(select coalesce(sum(l.net_kg) filter (where ${sold}), 0)::text ${from})`,
    soldAmount: sql<string>`(select coalesce(sum(${lineAmount}) filter (where ${sold}), 0)::numeric(16,2)::text ${from})`,
    closedAt: auctions.closedAt,
    publishedAt: auctions.publishedAt,
    createdAt: auctions.createdAt,
  };
}

const selectAuctions = (db: DbOrTx, society: string | null) =>
  db
    .select(summaryColumns(society))
    .from(auctions)
    .innerJoin(seasonCrops, eq(seasonCrops.id, auctions.seasonCropId))
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .innerJoin(crops, eq(crops.id, seasonCrops.cropId));

/** An AMCOS user sees an auction only when one of their society's lots is in its catalogue. */
const hasSocietyLot = (society: string) =>
  sql`exists (select 1 from auction_lots al join lots l on l.id = al.lot_id
    where al.auction_id = "auctions"."id" and l.amcos_id = ${society})`;

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectAuctions>['execute']>>[number];
const toAuction = ({ publishedAt: _, ...r }: SummaryRow): Auction => ({
  ...r,
  closedAt: iso(r.closedAt),
  createdAt: r.createdAt.toISOString(),
});

export async function listAuctions(
  db: DbOrTx,
  query: {
    search?: string | undefined;
    sort?: string | undefined;
    status?: string | undefined;
    season_crop_id?: string | undefined;
  },
  window: PageWindow,
  society: string | null,
) {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern ? or(ilike(auctions.auctionNo, pattern), ilike(auctions.venue, pattern)) : undefined,
    query.status ? eq(auctions.status, query.status as Auction['status']) : undefined,
    query.season_crop_id ? eq(auctions.seasonCropId, query.season_crop_id) : undefined,
    society ? hasSocietyLot(society) : undefined,
  );
  const sortable = {
    auction_no: auctions.auctionNo,
    auction_date: auctions.auctionDate,
    status: auctions.status,
  };
  const { rows, total } = await pageOf(db, () => selectAuctions(db, society).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(auctions.auctionDate), desc(auctions.auctionNo)],
      tiebreak: auctions.id,
    },
    window,
  });
  return { rows: rows.map(toAuction), total };
}

/** Refuses an AMCOS user an auction holding none of their society's lots. */
export async function assertAuctionVisible(db: DbOrTx, actor: Actor, id: string): Promise<void> {
  const [row] = await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.id, id));
  if (!row) throw new NotFoundError('Auction not found');
  if (!actor.amcosId) return;
  const [own] = await db
    .select({ id: auctions.id })
    .from(auctions)
    .where(and(eq(auctions.id, id), hasSocietyLot(actor.amcosId)));
  if (!own) throw new ForbiddenError('This record belongs to another society');
}

export async function getAuction(
  db: DbOrTx,
  id: string,
  society: string | null = null,
): Promise<AuctionDetail> {
  const [row] = await selectAuctions(db, society).where(eq(auctions.id, id));
  if (!row) throw new NotFoundError('Auction not found');
  const [counts] = await queryRows(
    db,
    auctionDetail.shape.counts,
    sql`
    select count(*)::int as lots,
      count(*) filter (where al.result is not null)::int as "withResult",
      count(*) filter (where al.result = 'bid')::int as bids,
      count(*) filter (where al.decision = 'accept')::int as accepted,
      count(*) filter (where al.decision = 'reject')::int as rejected,
      count(*) filter (where al.result = 'bid' and al.decision is null)::int as "awaitingDecision"
    from auction_lots al join lots l on l.id = al.lot_id
    where al.auction_id = ${id} ${societyLots(society)}`,
  );
  // Invoices are the union's business: an AMCOS user gets none listed.
  const invoices = society
    ? []
    : await queryRows(
        db,
        auctionDetail.shape.invoices.element,
        sql`select si.id, si.invoice_no as "invoiceNo", b.name as "buyerName", si.total::text as total
          from sales_invoices si join buyers b on b.id = si.buyer_id
          where si.auction_id = ${id} order by si.invoice_no`,
      );
  return {
    ...toAuction(row),
    publishedAt: iso(row.publishedAt),
    counts: counts ?? { lots: 0, withResult: 0, bids: 0, accepted: 0, rejected: 0, awaitingDecision: 0 },
    invoices,
  };
}

/** What a catalogue shows of a lot (joined to its AMCOS, warehouse and grade). */
const lotFacts = {
  lotNo: lots.lotNo,
  whrNo: lots.whrNo,
  amcosId: lots.amcosId,
  amcosName: amcos.name,
  warehouseId: lots.warehouseId,
  warehouseName: warehouses.name,
  gradeId: lots.gradeId,
  gradeName: localNameSql('grades'),
  bags: lots.bags,
  netKg: lots.netKg,
};

/** The catalogue with results and decisions, in lot order; an AMCOS user gets their own lots only. */
export async function listAuctionLots(
  db: DbOrTx,
  auctionId: string,
  society: string | null,
): Promise<AuctionLot[]> {
  const rows = await db
    .select({
      id: auctionLots.id,
      lotId: auctionLots.lotId,
      ...lotFacts,
      reservePrice: auctionLots.reservePrice,
      result: auctionLots.result,
      buyerId: auctionLots.buyerId,
      buyerName: buyers.name,
      bidCode: buyers.bidCode,
      pricePerKg: auctionLots.pricePerKg,
      belowReserveConfirmed: auctionLots.belowReserveConfirmed,
      amount: sql<string | null>`round(${lots.netKg} * ${auctionLots.pricePerKg}, 2)::text`,
      decision: auctionLots.decision,
      decisionFormRef: auctionLots.decisionFormRef,
      outcome: auctionLots.outcome,
      invoiceId: auctionLots.invoiceId,
    })
    .from(auctionLots)
    .innerJoin(lots, eq(lots.id, auctionLots.lotId))
    .innerJoin(amcos, eq(amcos.id, lots.amcosId))
    .innerJoin(warehouses, eq(warehouses.id, lots.warehouseId))
    .innerJoin(grades, eq(grades.id, lots.gradeId))
    .leftJoin(buyers, eq(buyers.id, auctionLots.buyerId))
    .where(and(eq(auctionLots.auctionId, auctionId), society ? eq(lots.amcosId, society) : undefined))
    .orderBy(asc(lots.lotNo), asc(warehouses.name), asc(auctionLots.id));
  return rows;
}

/** Lots in store of the auction's season crop that may be catalogued, with the screen's filters. */
export async function listAvailableLots(
  db: DbOrTx,
  auctionId: string,
  filters: {
    amcos_id?: string | undefined;
    grade_id?: string | undefined;
    warehouse_id?: string | undefined;
    search?: string | undefined;
  },
): Promise<AvailableLot[]> {
  const [auction] = await db
    .select({ seasonCropId: auctions.seasonCropId })
    .from(auctions)
    .where(eq(auctions.id, auctionId));
  if (!auction) throw new NotFoundError('Auction not found');
  const pattern = filters.search ? likeContains(filters.search) : undefined;
  return db
    .select({
      id: lots.id,
      ...lotFacts,
    })
    .from(lots)
    .innerJoin(amcos, eq(amcos.id, lots.amcosId))
    .innerJoin(warehouses, eq(warehouses.id, lots.warehouseId))
    .innerJoin(grades, eq(grades.id, lots.gradeId))
    .where(
      and(
        eq(lots.status, 'in_store'),
        eq(lots.seasonCropId, auction.seasonCropId),
        filters.amcos_id ? eq(lots.amcosId, filters.amcos_id) : undefined,
        filters.grade_id ? eq(lots.gradeId, filters.grade_id) : undefined,
        filters.warehouse_id ? eq(lots.warehouseId, filters.warehouse_id) : undefined,
        pattern
          ? or(ilike(lots.lotNo, pattern), ilike(lots.whrNo, pattern), ilike(amcos.name, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(warehouses.name), asc(lots.lotNo))
    .limit(2000);
}

export const facetRow = z.object({
  id: z.string(),
  name: z.string(),
  lots: z.number(),
});
export type Facet = z.infer<typeof facetRow>;

/** The AMCOS, grades and warehouses that have lots in store for the auction's season crop, for the filters. */
export async function availableFacets(db: DbOrTx, auctionId: string) {
  const [auction] = await db
    .select({ seasonCropId: auctions.seasonCropId })
    .from(auctions)
    .where(eq(auctions.id, auctionId));
  if (!auction) throw new NotFoundError('Auction not found');
  const facet = (table: string, column: string) =>
    queryRows(
      db,
      facetRow,
      sql`select x.id, x.name, count(*)::int as lots from lots l join ${sql.raw(table)} x on x.id = l.${sql.raw(column)}
        where l.status = 'in_store' and l.season_crop_id = ${auction.seasonCropId}
        group by x.id, x.name order by x.name`,
    );
  const [amcosList, gradeList, warehouseList] = await Promise.all([
    facet('amcos', 'amcos_id'),
    facet('grades', 'grade_id'),
    facet('warehouses', 'warehouse_id'),
  ]);
  return { amcos: amcosList, grades: gradeList, warehouses: warehouseList };
}

/** Reads and row-locks an auction for a state change; the second of two clicks waits, then sees the new state. */
export async function lockAuction(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(auctions).where(eq(auctions.id, id)).for('update');
  if (!row) throw new NotFoundError('Auction not found');
  return row;
}
