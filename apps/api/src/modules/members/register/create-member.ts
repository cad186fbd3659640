import type { CreateMemberBody, Member } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { assertRegister, registerOf } from './access.ts';
import { getMember } from './queries.ts';
import { members } from './schema.ts';

/**
 * Adds a member to a register: an AMCOS to the union's, a farmer to its own AMCOS's. The member
 * number defaults to the AMCOS's code or the farmer number. Shares paid before going live
 * (`openingSharesPaid`) are already in the opening trial balance and post nothing.
 */
export async function createMember(db: DbOrTx, actor: Actor, body: CreateMemberBody): Promise<Member> {
  assertRegister(actor, body.society, 'write');
  const opening = dec(body.openingSharesPaid);
  if (opening.gt(body.sharesSubscribed))
    throw fieldError('openingSharesPaid', 'Shares paid cannot be more than the shares subscribed');
  const registerAmcos = registerOf(body.society);
  return db.transaction(async (tx) => {
    let memberNo = body.memberNo ?? null;
    if (registerAmcos === null) {
      if (!body.memberAmcosId) throw fieldError('memberAmcosId', 'Choose the AMCOS that joins');
      const [society] = await tx
        .select({ code: amcos.code, status: amcos.status })
        .from(amcos)
        .where(eq(amcos.id, body.memberAmcosId));
      if (!society) throw fieldError('memberAmcosId', 'AMCOS not found');
      memberNo ??= society.code;
    } else {
      if (!body.farmerId) throw fieldError('farmerId', 'Choose the farmer who joins');
      const [farmer] = await tx
        .select({ farmerNo: farmers.farmerNo, amcosId: farmers.amcosId })
        .from(farmers)
        .where(eq(farmers.id, body.farmerId));
      if (!farmer || farmer.amcosId !== registerAmcos)
        throw fieldError('farmerId', 'This farmer is not a farmer of this AMCOS');
      memberNo ??= farmer.farmerNo;
    }
    const [row] = await tx
      .insert(members)
      .values({
        amcosId: registerAmcos,
        memberAmcosId: registerAmcos === null ? (body.memberAmcosId ?? null) : null,
        farmerId: registerAmcos === null ? null : (body.farmerId ?? null),
        memberNo,
        joinedOn: body.joinedOn,
        sharesSubscribed: body.sharesSubscribed,
        openingSharesPaid: opening.toFixed(2),
        sharesPaid: opening.toFixed(2),
        createdBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError('Already a member, or the member number is taken in this register');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'member',
      entityId: row.id,
      after: row,
    });
    return getMember(tx, actor, row.id);
  });
}
