import { captureResultsBody, catalogueLotsBody, createAuctionBody, decisionsBody } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { catalogueLots } from '../modules/sales/auctions/catalogue-lots.ts';
import { closeAuction } from '../modules/sales/auctions/close-auction.ts';
import { createAuction } from '../modules/sales/auctions/create-auction.ts';
import { decideLots } from '../modules/sales/auctions/decide-lots.ts';
import { publishAuction } from '../modules/sales/auctions/publish-auction.ts';
import { captureResults } from '../modules/sales/auctions/results.ts';
import type { DemoActors, Random } from './demo-sales-support.ts';

/**
 * One demo TMX auction, step by step as the crop officer does it on screen: a draft, the oldest
 * cashew lots in store catalogued with a reserve per grade, published, the results typed in (a few
 * lots with no bid, a few bids under the reserve confirmed), the societies' decisions (the demo
 * AMCOS managers decide on their own lots, the crop officer records the others' signed forms:
 * bids under the reserve are rejected), then closed: one invoice per buyer, posted.
 */

export type AuctionPlan = {
  lots: number;
  /** The going price of Standard cashew that day, TZS per kg; Under grade fetches about 3/4 of it. */
  standard: number;
  reserveStd: string;
  reserveUg: string;
};

export type DemoAuction = {
  id: string;
  auctionNo: string;
  date: string;
  lots: number;
  sold: number;
  returned: number;
  invoices: number;
  /** Invoiced to the buyers: the lots' value and the buyer-paid levies. */
  invoiced: string;
};

/** How often each buyer (in BUYERS order) tops the bids: the big exporters win the most lots. */
const BUYER_WEIGHTS = [20, 17, 9, 15, 12, 8, 11, 8];

const poolLot = z.object({ id: z.string(), lot_no: z.string(), grade: z.string(), amcos_code: z.string() });
type PoolLot = z.infer<typeof poolLot>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toFive = (value: number) => Math.round(value / 5) * 5;

function pickBuyer(rnd: Random, bidCodes: string[]): string {
  const weights = bidCodes.map((_, i) => BUYER_WEIGHTS[i] ?? 5);
  let ticket = rnd.next() * weights.reduce((a, b) => a + b, 0);
  for (const [i, code] of bidCodes.entries()) {
    ticket -= weights[i] ?? 0;
    if (ticket < 0) return code;
  }
  return bidCodes[0] ?? '';
}

export async function runDemoAuction(
  db: Db,
  input: {
    seasonCropId: string;
    date: string;
    plan: AuctionPlan;
    bidCodes: string[];
    actors: DemoActors;
    rnd: Random;
  },
): Promise<DemoAuction | null> {
  const { seasonCropId, date, plan, bidCodes, actors, rnd } = input;
  // The lots that were in store (warehouse receipt issued) before the auction day, oldest first.
  const pool = await queryRows(
    db,
    poolLot,
    sql`select l.id, l.lot_no, g.code as grade, a.code as amcos_code
        from lots l join grades g on g.id = l.grade_id join amcos a on a.id = l.amcos_id
        where l.season_crop_id = ${seasonCropId} and l.status = 'in_store'
          and l.issued_at < ${new Date(`${date}T00:00:00+03:00`).toISOString()}::timestamptz
        order by l.issued_at, l.lot_no limit ${plan.lots}`,
  );
  if (pool.length < 10 || bidCodes.length === 0) return null;
  const officer = input.actors.cropOfficer;
  const auction = await createAuction(
    db,
    officer,
    createAuctionBody.parse({
      seasonCropId,
      auctionDate: date,
      platform: 'tmx_online',
      venue: 'TMX online trading platform, Mtwara',
    }),
  );
  const reserve = (lot: PoolLot) => (lot.grade === 'UG' ? plan.reserveUg : plan.reserveStd);
  await catalogueLots(db, officer, {
    auctionId: auction.id,
    body: catalogueLotsBody.parse({ lots: pool.map((l) => ({ lotId: l.id, reservePrice: reserve(l) })) }),
  });
  await publishAuction(db, officer, { id: auction.id });

  const underReserve = new Set<string>();
  const results = pool.map((lot) => {
    const draw = rnd.next();
    if (draw < 0.04) return { lotId: lot.id, result: 'no_bid' };
    const floor = Number(reserve(lot));
    let price: number;
    if (draw < 0.09) {
      underReserve.add(lot.id);
      price = floor - 5 * rnd.int(2, 30);
    } else if (lot.grade === 'UG') {
      price = clamp(toFive(plan.standard * 0.76 + 5 * rnd.int(-30, 30)), floor, 2350);
    } else {
      price = clamp(toFive(plan.standard + 5 * rnd.int(-40, 40)), Math.max(floor, 2400), 3100);
    }
    return {
      lotId: lot.id,
      result: 'bid',
      bidCode: pickBuyer(rnd, bidCodes),
      pricePerKg: price.toFixed(2),
      confirmBelowReserve: price < floor,
    };
  });
  await captureResults(db, {
    auctionId: auction.id,
    actorId: officer.userId,
    body: captureResultsBody.parse({ results }),
  });

  // Each society's signed decision form; bids under the reserve are turned down.
  const bySociety = new Map<string, PoolLot[]>();
  for (const [i, lot] of pool.entries()) {
    if (results[i]?.result !== 'bid') continue;
    bySociety.set(lot.amcos_code, [...(bySociety.get(lot.amcos_code) ?? []), lot]);
  }
  const decisionsOf = (entries: [string, PoolLot[]][]) =>
    decisionsBody.parse({
      decisions: entries.flatMap(([code, list]) =>
        list.map((lot) => ({
          lotId: lot.id,
          decision: underReserve.has(lot.id) ? 'reject' : 'accept',
          formRef: `${code}/${auction.auctionNo}`,
        })),
      ),
    });
  const byUnion: [string, PoolLot[]][] = [];
  for (const [code, list] of [...bySociety].sort(([a], [b]) => a.localeCompare(b))) {
    const manager = actors.managers.get(code);
    if (!manager) {
      byUnion.push([code, list]);
      continue;
    }
    await decideLots(db, manager, { auctionId: auction.id, body: decisionsOf([[code, list]]) });
  }
  if (byUnion.length > 0)
    await decideLots(db, actors.cropOfficer, { auctionId: auction.id, body: decisionsOf(byUnion) });

  const closed = await closeAuction(db, officer, { id: auction.id });
  return {
    id: closed.id,
    auctionNo: closed.auctionNo,
    date,
    lots: pool.length,
    sold: closed.counts.accepted,
    returned: pool.length - closed.counts.accepted,
    invoices: closed.invoices.length,
    invoiced: sum(closed.invoices.map((i) => i.total)).toFixed(2),
  };
}
