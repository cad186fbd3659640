import type { InputRequestDetail } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idRow, queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { levelOf } from './approval-level.ts';
import { getInputRequest } from './queries.ts';

/**
 * Approves a request at the caller's level: the AMCOS manager (pending -> amcos_approved), then a
 * union crop officer (-> approved). Nobody approves a request they recorded or already approved,
 * and one conditional update decides a race: the second approver gets a 409.
 */
export async function approveInputRequest(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<InputRequestDetail> {
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
    const updated = await queryRows(
      tx,
      idRow,
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
