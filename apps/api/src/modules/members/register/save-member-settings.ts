import type { MemberSettings, MemberSociety } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { assertRegister } from './access.ts';
import { memberSettings } from './schema.ts';

/** Sets a register's by-law share minimum: a member is active once it has paid at least this. */
export async function saveMemberSettings(
  db: DbOrTx,
  actor: Actor,
  { society, shareMinimum }: { society: MemberSociety; shareMinimum: string },
): Promise<MemberSettings> {
  assertRegister(actor, society, 'write');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberSettings)
      .values({ society, shareMinimum })
      .onConflictDoUpdate({ target: memberSettings.society, set: { shareMinimum, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'member_settings',
      entityId: society,
      after: row,
    });
    return { society, shareMinimum: row?.shareMinimum ?? shareMinimum };
  });
}
