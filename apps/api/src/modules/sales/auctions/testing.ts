import { randomUUID } from 'node:crypto';
import type { AuctionDetail, AuctionLot } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import type { Session, TestApp } from '../../../../test/harness.ts';
import type { SalesSetup } from '../../../../test/sales-lots.ts';
import type { Db } from '../../../db/client.ts';
import { collections } from '../../crop-flow/schema.ts';
import { farmers } from '../../farmers/schema.ts';

/** Test helpers for auctions: HTTP calls that must succeed, and farmers' collections in a lot. */
export const TODAY = todayInTanzania();

export type Saved = { message: string; data: AuctionDetail };

export async function must<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export function newAuction(t: TestApp, s: Session, seasonCropId: string, auctionDate = TODAY) {
  return must(
    t.request<Saved>('POST', '/sales/auctions', {
      token: s.access,
      body: { seasonCropId, auctionDate, platform: 'tmx_online' },
    }),
    'create auction',
  );
}

export async function catalogue(
  t: TestApp,
  s: Session,
  auctionId: string,
  lots: { lotId: string; reservePrice: string }[],
) {
  return must(
    t.request<Saved>('POST', `/sales/auctions/${auctionId}/lots`, { token: s.access, body: { lots } }),
    'catalogue',
  );
}

export async function publish(t: TestApp, s: Session, auctionId: string) {
  return must(
    t.request<Saved>('PATCH', `/sales/auctions/${auctionId}/publish`, { token: s.access }),
    'publish',
  );
}

/** A new auction of the season crop with these lots catalogued, published (open for results). */
export async function publishedAuction(
  t: TestApp,
  s: Session,
  seasonCropId: string,
  lots: { lotId: string; reservePrice: string }[],
) {
  const { data } = await newAuction(t, s, seasonCropId);
  await catalogue(t, s, data.id, lots);
  return publish(t, s, data.id);
}

/** Enters the auction's results (bids, no bids, withdrawals) as the session. */
export async function enterResults(t: TestApp, s: Session, auctionId: string, results: unknown[]) {
  return must(
    t.request<Saved>('PUT', `/sales/auctions/${auctionId}/results`, { token: s.access, body: { results } }),
    'results',
  );
}

/** Records the society's decisions (accept or reject, with the form reference) as the session. */
export async function decide(t: TestApp, s: Session, auctionId: string, decisions: unknown[]) {
  return must(
    t.request<Saved>('PUT', `/sales/auctions/${auctionId}/decisions`, {
      token: s.access,
      body: { decisions },
    }),
    'decisions',
  );
}

export async function catalogueLots(t: TestApp, s: Session, auctionId: string) {
  return (
    await must(
      t.request<{ data: AuctionLot[] }>('GET', `/sales/auctions/${auctionId}/lots`, { token: s.access }),
      'lots',
    )
  ).data;
}

/** A farmer of the lot's society and `count` collections in the lot (status in_lot). */
export async function collectionsInLot(
  db: Db,
  setup: SalesSetup,
  lotId: string,
  count = 2,
): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const [farmer] = await db
    .insert(farmers)
    .values({
      farmerNo: `F-${tag}`,
      amcosId: setup.amcosId,
      firstName: 'Asha',
      lastName: `Mtalika ${tag}`,
      gender: 'Female',
    })
    .returning({ id: farmers.id });
  if (!farmer) throw new Error('farmer insert');
  const rows = await db
    .insert(collections)
    .values(
      Array.from({ length: count }, (_, i) => ({
        receiptNo: `RC-${tag}-${i}`,
        collectedOn: TODAY,
        seasonCropId: setup.seasonCropId,
        amcosId: setup.amcosId,
        farmerId: farmer.id,
        gradeId: setup.gradeId,
        bags: 2,
        grossKg: '161.000',
        tareKg: '1.000',
        netKg: '160.000',
        moisture: '8.00',
        status: 'in_lot' as const,
        lotId,
      })),
    )
    .returning({ id: collections.id });
  return rows.map((r) => r.id);
}
