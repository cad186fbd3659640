import type { Member, UpdateMemberBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { assertRegister } from './access.ts';
import { getMember } from './queries.ts';
import { members } from './schema.ts';

/**
 * Changes a member of a register, by who may register members there (#32): its number, the date it
 * joined (not after its first payment), the shares it subscribed (not below what it paid), and,
 * for the union's members, whether its dividend and bonus pay its unpaid shares first. The row is
 * locked, so a payment never slips between the checks and the change.
 */
export async function updateMember(
  db: DbOrTx,
  actor: Actor,
  { memberId, body }: { memberId: string; body: UpdateMemberBody },
): Promise<Member> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    if (!row) throw new NotFoundError('Member not found');
    assertRegister(actor, row.amcosId ?? 'union', 'write');
    if (body.dividendToShares !== undefined && row.amcosId !== null)
      throw fieldError('dividendToShares', 'Only the union’s members are paid a dividend');
    if (body.sharesSubscribed !== undefined && dec(body.sharesSubscribed).lt(row.sharesPaid))
      throw fieldError(
        'sharesSubscribed',
        `The shares subscribed cannot be less than the shares paid (${dec(row.sharesPaid).toFixed(2)})`,
      );
    if (body.joinedOn !== undefined) {
      const [first] = await queryRows(
        tx,
        z.object({ paidOn: z.string().nullable() }),
        sql`select min(paid_on)::text as "paidOn" from member_payments where member_id = ${memberId}`,
      );
      if (first?.paidOn && body.joinedOn > first.paidOn)
        throw fieldError('joinedOn', `The member paid on ${first.paidOn}, so it joined by then`);
    }
    const changes = {
      ...(body.memberNo !== undefined ? { memberNo: body.memberNo } : {}),
      ...(body.joinedOn !== undefined ? { joinedOn: body.joinedOn } : {}),
      ...(body.sharesSubscribed !== undefined
        ? { sharesSubscribed: dec(body.sharesSubscribed).toFixed(2) }
        : {}),
      ...(body.dividendToShares !== undefined ? { dividendToShares: body.dividendToShares } : {}),
    };
    const before = await getMember(tx, actor, memberId);
    if (Object.keys(changes).length === 0) return before;
    const taken = { field: 'memberNo', message: 'This member number is taken in this register' };
    await explainConstraints({ members_union_no_uq: taken, members_society_no_uq: taken }, () =>
      tx
        .update(members)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(members.id, memberId))
        .returning(),
    );
    const after = await getMember(tx, actor, memberId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'member',
      entityId: memberId,
      before,
      after,
    });
    return after;
  });
}
