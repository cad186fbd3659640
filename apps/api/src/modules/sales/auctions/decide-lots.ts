import type { AuctionDetail, DecisionsBody } from '@ushirika/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../../platform/errors.ts';
import { lots } from '../../crop-flow/schema.ts';
import { getAuction, lockAuction } from './queries.ts';
import { auctionLots } from './schema.ts';

/**
 * The society's decision on the highest bid of each lot: accept or reject, with the reference of
 * its signed form. An AMCOS user decides for their own society's lots only; union staff record
 * any society's decision from its form.
 */
export async function decideLots(
  db: Db,
  actor: Actor,
  { auctionId, body }: { auctionId: string; body: DecisionsBody },
): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    if (auction.status === 'closed') throw new ConflictError('This auction is closed');
    if (auction.status !== 'results') throw new ConflictError('Record the results before the decisions');
    const ids = body.decisions.map((d) => d.lotId);
    const rows = await tx
      .select({
        lotId: auctionLots.lotId,
        lotNo: lots.lotNo,
        amcosId: lots.amcosId,
        result: auctionLots.result,
      })
      .from(auctionLots)
      .innerJoin(lots, eq(lots.id, auctionLots.lotId))
      .where(and(eq(auctionLots.auctionId, auctionId), inArray(auctionLots.lotId, ids)));
    const byLot = new Map(rows.map((r) => [r.lotId, r]));
    // An AMCOS user decides for their society's lots in this catalogue, and learns nothing of others.
    if (
      actor.amcosId &&
      (rows.some((r) => r.amcosId !== actor.amcosId) || ids.some((id) => !byLot.has(id)))
    ) {
      throw new ForbiddenError('This record belongs to another society');
    }
    const errors: Record<string, string[]> = {};
    body.decisions.forEach((d, i) => {
      const row = byLot.get(d.lotId);
      const problem = !row
        ? "This lot is not in this auction's catalogue"
        : row.result !== 'bid'
          ? `Lot ${row.lotNo} has no bid to accept or reject`
          : null;
      if (problem) errors[`decisions.${i}.lotId`] = [problem];
    });
    const first = Object.entries(errors)[0];
    if (first) throw new ValidationError(first[1][0] ?? 'Check the decisions', errors);
    const values = sql.join(
      body.decisions.map((d) => sql`(${d.lotId}::uuid, ${d.decision}::text, ${d.formRef}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update auction_lots al set decision = v.decision, decision_form_ref = v.form_ref,
        decided_by = ${actor.userId}, decided_at = now(), updated_at = now()
      from (values ${values}) as v(lot_id, decision, form_ref)
      where al.auction_id = ${auctionId} and al.lot_id = v.lot_id`);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'decisions_recorded',
      entity: 'auction',
      entityId: auctionId,
      after: {
        accepted: body.decisions.filter((d) => d.decision === 'accept').length,
        rejected: body.decisions.filter((d) => d.decision === 'reject').length,
        forms: [...new Set(body.decisions.map((d) => d.formRef))],
      },
    });
    return getAuction(tx, auctionId, actor.amcosId);
  });
}
