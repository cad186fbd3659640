import type { AuctionDetail, CaptureResultsBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { buyers } from '../buyers/schema.ts';
import { getAuction, lockAuction } from './queries.ts';
import { auctionLots, auctions } from './schema.ts';

type Auction = typeof auctions.$inferSelect;
type Row = CaptureResultsBody['results'][number];

/** A result ready to store: the buyer resolved, the price checked against the reserve. */
export type CheckedResult = {
  lotId: string;
  result: 'bid' | 'no_bid' | 'withdrawn';
  buyerId: string | null;
  buyerName: string | null;
  pricePerKg: string | null;
  belowReserve: boolean;
  confirmBelowReserve: boolean;
};

/** Refuses results unless the catalogue is published and the auction still open. */
export function assertResultsOpen(auction: Auction): void {
  if (auction.status === 'draft') throw new ConflictError('Publish the catalogue before recording results');
  if (auction.status === 'closed') throw new ConflictError('This auction is closed');
}

/**
 * Checks result rows against the catalogue and the buyers: the lot must be in this auction's
 * catalogue, the winner an active buyer whose licence is valid on the auction date, and a price
 * under the reserve confirmed. Returns the resolved rows and the errors by row index.
 */
export async function checkResults(tx: DbOrTx, auction: Auction, rows: Row[]) {
  const catalogue = new Map(
    (
      await tx
        .select({ lotId: auctionLots.lotId, reservePrice: auctionLots.reservePrice })
        .from(auctionLots)
        .where(
          and(
            eq(auctionLots.auctionId, auction.id),
            inArray(
              auctionLots.lotId,
              rows.map((r) => r.lotId),
            ),
          ),
        )
    ).map((r) => [r.lotId, r.reservePrice]),
  );
  const codes = rows.flatMap((r) => (r.bidCode ? [r.bidCode.toUpperCase()] : []));
  const ids = rows.flatMap((r) => (r.buyerId ? [r.buyerId] : []));
  const found =
    codes.length + ids.length === 0
      ? []
      : await tx
          .select()
          .from(buyers)
          .where(
            or(
              codes.length ? inArray(sql`upper(${buyers.bidCode})`, codes) : undefined,
              ids.length ? inArray(buyers.id, ids) : undefined,
            ),
          );
  const byCode = new Map(found.map((b) => [b.bidCode.toUpperCase(), b]));
  const byId = new Map(found.map((b) => [b.id, b]));

  const errors = new Map<number, string[]>();
  const checked: CheckedResult[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const problems: string[] = [];
    const reserve = catalogue.get(row.lotId);
    if (reserve === undefined) problems.push("This lot is not in this auction's catalogue");
    if (seen.has(row.lotId)) problems.push('This lot has two results in the list');
    seen.add(row.lotId);
    const result = row.result ?? 'bid';
    let buyer: (typeof found)[number] | undefined;
    let belowReserve = false;
    if (result === 'bid') {
      buyer = row.buyerId
        ? byId.get(row.buyerId)
        : row.bidCode
          ? byCode.get(row.bidCode.toUpperCase())
          : undefined;
      if (!row.buyerId && !row.bidCode) problems.push('Enter the bid code of the highest bidder');
      else if (!buyer) problems.push(`No buyer has bid code ${row.bidCode ?? row.buyerId}`);
      else if (buyer.status !== 'active') problems.push(`${buyer.name} is suspended and cannot win a lot`);
      else if (buyer.licenceExpiresOn && buyer.licenceExpiresOn < auction.auctionDate)
        problems.push(`${buyer.name}'s licence expired on ${buyer.licenceExpiresOn}: they cannot win a lot`);
      if (!row.pricePerKg) problems.push('Enter the price per kg');
      else if (dec(row.pricePerKg).lte(0)) problems.push('The price per kg must be more than zero');
      else if (reserve !== undefined && dec(row.pricePerKg).lt(dec(reserve))) {
        belowReserve = true;
        if (!row.confirmBelowReserve)
          problems.push(`The price is below the reserve of ${reserve}: confirm the sale below reserve`);
      }
    }
    if (problems.length > 0) errors.set(i, problems);
    checked.push({
      lotId: row.lotId,
      result,
      buyerId: result === 'bid' ? (buyer?.id ?? null) : null,
      buyerName: result === 'bid' ? (buyer?.name ?? null) : null,
      pricePerKg: result === 'bid' ? (row.pricePerKg ?? null) : null,
      belowReserve,
      confirmBelowReserve: belowReserve && row.confirmBelowReserve === true,
    });
  });
  return { checked, errors };
}

/**
 * Stores checked results in one statement. A lot whose result changes loses its decision: the
 * society decided on another bid. The first result moves the auction to `results`.
 */
export async function storeResults(tx: DbOrTx, auction: Auction, rows: CheckedResult[], actorId: string) {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.lotId}::uuid, ${r.result}::text, ${r.buyerId}::uuid, ${r.pricePerKg}::numeric, ${r.confirmBelowReserve}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update auction_lots al set
      result = v.result, buyer_id = v.buyer_id, price_per_kg = v.price,
      below_reserve_confirmed = v.confirmed, result_by = ${actorId}, result_at = now(), updated_at = now(),
      decision = case when al.result is not distinct from v.result and al.buyer_id is not distinct from v.buyer_id
        and al.price_per_kg is not distinct from v.price then al.decision end,
      decision_form_ref = case when al.result is not distinct from v.result and al.buyer_id is not distinct from v.buyer_id
        and al.price_per_kg is not distinct from v.price then al.decision_form_ref end
    from (values ${values}) as v(lot_id, result, buyer_id, price, confirmed)
    where al.auction_id = ${auction.id} and al.lot_id = v.lot_id`);
  if (auction.status === 'catalogued') {
    await tx.update(auctions).set({ status: 'results' }).where(eq(auctions.id, auction.id));
  }
}

export function resultErrors(errors: Map<number, string[]>, prefix = 'results'): ValidationError {
  const fields = Object.fromEntries([...errors].map(([i, list]) => [`${prefix}.${i}`, list]));
  const [i, list] = [...errors][0] ?? [0, ['Check the results']];
  return new ValidationError(`Row ${i + 1}: ${list[0]}`, fields);
}

/** Records results in bulk (the keyboard grid sends many rows at once); all or nothing. */
export async function captureResults(
  db: Db,
  { auctionId, body, actorId }: { auctionId: string; body: CaptureResultsBody; actorId: string },
): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    assertResultsOpen(auction);
    const { checked, errors } = await checkResults(tx, auction, body.results);
    if (errors.size > 0) throw resultErrors(errors);
    await storeResults(tx, auction, checked, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'results_recorded',
      entity: 'auction',
      entityId: auctionId,
      after: {
        rows: checked.length,
        bids: checked.filter((c) => c.result === 'bid').length,
        belowReserve: checked.filter((c) => c.belowReserve).length,
      },
    });
    return getAuction(tx, auctionId);
  });
}
