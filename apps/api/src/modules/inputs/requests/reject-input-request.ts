import type { InputRequestDetail } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idRow, queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { levelOf } from './approval-level.ts';
import { getInputRequest } from './queries.ts';

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
    const updated = await queryRows(
      tx,
      idRow,
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
