import { dec, todayInTanzania } from '@ushirika/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { financialYears } from '../modules/financial-years/schema.ts';
import { auctions } from '../modules/sales/auctions/schema.ts';
import { buyers } from '../modules/sales/buyers/schema.ts';
import { crops, seasonCrops, seasons } from '../modules/seasons/schema.ts';
import { type DemoAuction, runDemoAuction } from './demo-auctions.ts';
import { DEMO_BID_CODES, ensureDemoBuyers } from './demo-buyers.ts';
import { type DemoPayments, loadDemoPayments } from './demo-payments.ts';
import { addDays, demoActors, earlier, generator, later } from './demo-sales-support.ts';

/**
 * The season's next step after the crop flow: licensed buyers, three closed TMX auctions over the
 * oldest cashew lots in store, the buyers' payments, release notes, and the first auction's
 * settlement with its payment batches. Everything goes through the use cases the API calls, as
 * the demo users of the right roles, so every number, posting and audit event is a real one
 * (their timestamps are the seed's; their document dates are the season's). Skipped when the
 * season's cashew already has auctions.
 */

/** Three auctions two weeks apart; the first far enough back to age past 30 days. */
const AUCTIONS = [
  { daysBack: 35, lots: 90, standard: 2650, reserveStd: '2450', reserveUg: '1850' },
  { daysBack: 21, lots: 110, standard: 2780, reserveStd: '2500', reserveUg: '1900' },
  { daysBack: 7, lots: 80, standard: 2900, reserveStd: '2550', reserveUg: '1950' },
] as const;

/** Whole shillings with thousands separators, for the summary line. */
export const shillings = (amount: string) =>
  `TZS ${dec(amount)
    .toFixed(0)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export type DemoSales =
  | { skipped: true; reason: string; buyersAdded: number }
  | ({
      skipped: false;
      buyersAdded: number;
      auctions: DemoAuction[];
    } & DemoPayments);

export async function loadDemoSales(db: Db): Promise<DemoSales> {
  const [crop] = await db
    .select({ id: seasonCrops.id, start: seasons.startDate, end: seasons.endDate })
    .from(seasonCrops)
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .innerJoin(crops, eq(crops.id, seasonCrops.cropId))
    .where(and(eq(seasons.name, '2026/2027'), eq(crops.code, 'CASHEW')));
  const actors = await demoActors(db);
  if (!crop || !actors)
    return { skipped: true, reason: 'the demo season or the demo users are missing', buyersAdded: 0 };
  const buyersAdded = await ensureDemoBuyers(db, actors.cropOfficer.userId, crop.end);

  const [held] = await db.select({ n: count() }).from(auctions).where(eq(auctions.seasonCropId, crop.id));
  if ((held?.n ?? 0) > 0)
    return { skipped: true, reason: `${held?.n} cashew auctions in the season`, buyersAdded };

  // Auction dates: weeks before today, inside the season and the open financial year, with two
  // weeks of lots in store before the first.
  const [year] = await db
    .select({ start: financialYears.startDate, end: financialYears.endDate })
    .from(financialYears)
    .where(eq(financialYears.status, 'open'));
  const today = todayInTanzania();
  const last = earlier(earlier(today, crop.end), year?.end ?? today);
  const first = later(addDays(crop.start, 14), year?.start ?? crop.start);
  if (last < first) return { skipped: true, reason: 'the season is too young for auctions', buyersAdded };

  const buyerRows = await db
    .select({ id: buyers.id, bidCode: buyers.bidCode })
    .from(buyers)
    .where(eq(buyers.status, 'active'));
  const bidCodes = DEMO_BID_CODES.filter((code) => buyerRows.some((r) => r.bidCode === code));
  const rnd = generator(20261120);
  const done: DemoAuction[] = [];
  for (const plan of AUCTIONS) {
    const date = later(addDays(last, -plan.daysBack), first);
    const auction = await runDemoAuction(db, {
      seasonCropId: crop.id,
      date,
      plan,
      bidCodes,
      actors,
      rnd,
    });
    if (auction) done.push(auction);
  }
  if (done.length === 0) return { skipped: true, reason: 'no cashew lots in store to auction', buyersAdded };
  const payments = await loadDemoPayments(db, { auctions: done, actors, today: last, rnd });
  return { skipped: false, buyersAdded, auctions: done, ...payments };
}
