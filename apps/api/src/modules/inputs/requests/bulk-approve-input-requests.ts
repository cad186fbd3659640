import type { BulkApproveBody } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { auditInsertSql } from '../../../platform/audit.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { levelOf } from './approval-level.ts';
import { requestFilter } from './queries.ts';

/**
 * Approves every request of a filtered list at the caller's level in one statement set (one
 * update, one audit insert), not a loop: the rows the caller recorded or already approved are
 * left out and counted, over-limit ones too unless asked for. Rows another approver takes at the
 * same moment are simply not matched any more (the update re-checks the status under its lock).
 */
export async function bulkApproveInputRequests(db: Db, actor: Actor, input: BulkApproveBody) {
  const level = levelOf(actor);
  if (input.status !== level.from)
    throw new ValidationError(
      level.from === 'pending'
        ? 'As an AMCOS user you approve pending requests'
        : 'Union staff approve requests the AMCOS manager has approved',
      { status: ['Filter the list by the status you approve'] },
    );
  const where = requestFilter(actor, { ...input, status: level.from });
  return db.transaction(async (tx) => {
    const [own] = await queryRows(
      tx,
      countRow,
      sql`select count(*)::int as n from input_requests r where ${where}
            and (r.created_by = ${actor.userId} or r.amcos_approved_by = ${actor.userId})`,
    );
    const [done] = await queryRows(
      tx,
      countRow,
      sql`with approved as (
            update input_requests r set status = ${level.to}, ${sql.raw(level.by)} = ${actor.userId},
              ${sql.raw(level.at)} = now(), updated_at = now()
            where ${where} and r.created_by is distinct from ${actor.userId}
              and r.amcos_approved_by is distinct from ${actor.userId}
              ${input.includeOverLimit ? sql`` : sql`and not r.over_limit`}
            returning r.id),
          audit as (${auditInsertSql(
            {
              actorId: actor.userId,
              action: level.to === 'approved' ? 'approved' : 'amcos_approved',
              entity: 'input_request',
            },
            sql`select gen_random_uuid() as id, id::text as entity_id,
              ${JSON.stringify({ status: level.from })}::jsonb as before,
              ${JSON.stringify({ status: level.to, bulk: true })}::jsonb as after
            from approved`,
          )})
          select count(*)::int as n from approved`,
    );
    const approved = done?.n ?? 0;
    return {
      message: `${approved} request${approved === 1 ? '' : 's'} approved`,
      approved,
      skippedOwn: own?.n ?? 0,
    };
  });
}
