import type { InputRequestDetail } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { getInputRequest } from './queries.ts';

/** The approval level of the caller: an AMCOS user approves first, union staff second. */
export const levelOf = (actor: Actor) =>
  actor.amcosId
    ? ({ from: 'pending', to: 'amcos_approved', by: 'amcos_approved_by', at: 'amcos_approved_at' } as const)
    : ({ from: 'amcos_approved', to: 'approved', by: 'union_approved_by', at: 'union_approved_at' } as const);

/**
 * Approves a request at the caller's level: the AMCOS manager (pending -> amcos_approved), then a
 * union crop officer (-> approved). Nobody approves a request they recorded or already approved,
 * and one conditional update decides a race: the second approver gets a 409.
 */
export async function approveInputRequest(db: Db, actor: Actor, id: string): Promise<InputRequestDetail> {
  return db.transaction(async (tx) => {
    const before = await getInputRequest(tx, actor, id);
    const level = levelOf(actor);
    if (before.createdBy === actor.userId)
      throw new ForbiddenError('You recorded this request: another user approves it');
    if (before.amcosApprovedBy === actor.userId)
      throw new ForbiddenError(
        'You approved this request for the AMCOS: another user gives the union approval',
      );
    if (before.status !== level.from) {
      const message =
        level.from === 'amcos_approved' && before.status === 'pending'
          ? 'The AMCOS manager approves this request first'
          : `This request is ${before.status.replace('_', ' ')}: it cannot be approved at this level`;
      throw new ConflictError(message);
    }
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`update input_requests set status = ${level.to}, ${sql.raw(level.by)} = ${actor.userId},
            ${sql.raw(level.at)} = now(), updated_at = now()
          where id = ${id} and status = ${level.from} returning id`,
    );
    if (updated.length === 0)
      throw new ConflictError('This request was just approved or rejected by someone else');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: level.to === 'approved' ? 'approved' : 'amcos_approved',
      entity: 'input_request',
      entityId: id,
      before: { status: before.status },
      after: { status: level.to, overrideReason: before.overrideReason },
    });
    return getInputRequest(tx, actor, id);
  });
}

/** Rejects a pending or AMCOS-approved request at the caller's level, with the reason. */
export async function rejectInputRequest(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<InputRequestDetail> {
  return db.transaction(async (tx) => {
    const before = await getInputRequest(tx, actor, id);
    const level = levelOf(actor);
    if (before.createdBy === actor.userId)
      throw new ForbiddenError('You recorded this request: another user decides on it');
    if (before.status !== level.from)
      throw new ConflictError(
        `This request is ${before.status.replace('_', ' ')}: it cannot be rejected now`,
      );
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`update input_requests set status = 'rejected', rejected_by = ${actor.userId}, rejected_at = now(),
            reject_reason = ${reason}, updated_at = now()
          where id = ${id} and status = ${level.from} returning id`,
    );
    if (updated.length === 0)
      throw new ConflictError('This request was just approved or rejected by someone else');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'rejected',
      entity: 'input_request',
      entityId: id,
      before: { status: before.status },
      after: { status: 'rejected', reason },
    });
    return getInputRequest(tx, actor, id);
  });
}
