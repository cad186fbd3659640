import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { executeSql } from '../db/rows.ts';
import type { Actor } from './access.ts';
import { recordAudit } from './audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';

/**
 * A proposal one user makes and another approves or rejects (maker-checker, #32: an appropriation
 * of the surplus, a second payment to farmers). Its table has `status` ('proposed', 'approved',
 * 'rejected'), `proposed_by`, `proposed_at`, `approved_by`, `approved_at`, `rejected_by`,
 * `rejected_at` and `reject_reason`; a check constraint keeps the approver from being the proposer.
 */
export type ProposalKind = {
  /** Its table, as SQL names it. */
  table: string;
  /** Its audit entity. */
  entity: string;
  /** What a refusal calls it ("second payment"). */
  noun: string;
};

const userName = (column: SQL) =>
  sql`(select u.first_name || ' ' || u.last_name from users u where u.id = ${column})`;

/** Who proposed, approved and rejected a proposal and when, as the contracts name them; `p` is its table. */
export const decisionColumns = sql`${userName(sql`p.proposed_by`)} as "proposedBy", p.proposed_by as "proposedById", p.proposed_at::text as "proposedAt",
  ${userName(sql`p.approved_by`)} as "approvedBy", p.approved_at::text as "approvedAt",
  ${userName(sql`p.rejected_by`)} as "rejectedBy", p.rejected_at::text as "rejectedAt",
  p.reject_reason as "rejectReason"`;

/**
 * A proposal read for its decision (its row locked by the caller): refused when unknown (404),
 * decided already (409), or when the decider proposed it (403).
 */
export function decidable<Row extends { status: string; proposedBy: string }>(
  kind: ProposalKind,
  actor: Actor,
  row: Row | undefined,
): Row {
  if (!row) throw new NotFoundError(`${kind.noun[0]?.toUpperCase()}${kind.noun.slice(1)} not found`);
  if (row.status !== 'proposed') throw new ConflictError(`This ${kind.noun} is already ${row.status}`);
  if (row.proposedBy === actor.userId)
    throw new ForbiddenError(`You proposed this ${kind.noun}, so another person must decide on it`);
  return row;
}

/**
 * The checker rejects a proposal found `decidable`, with a reason, in the caller's transaction:
 * nothing is posted; its audit line says who and why.
 */
export async function rejectProposal(
  tx: DbOrTx,
  actor: Actor,
  kind: ProposalKind,
  { id, reason }: { id: string; reason: string },
): Promise<void> {
  await executeSql(
    tx,
    sql`update ${sql.identifier(kind.table)} set status = 'rejected', rejected_by = ${actor.userId},
          rejected_at = ${new Date().toISOString()}, reject_reason = ${reason}
        where id = ${id}`,
  );
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'rejected',
    entity: kind.entity,
    entityId: id,
    before: { status: 'proposed' },
    after: { status: 'rejected', reason },
  });
}
