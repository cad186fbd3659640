import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { getDeductionRule } from './queries.ts';
import { openSeasonCrop } from './rule-checks.ts';
import { deductionRules } from './schema.ts';

/** Rules of an open or planned season can be removed; the trail keeps what they were. */
export async function deleteDeductionRule(db: Db, actor: Actor, { id }: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getDeductionRule(tx, id);
    await openSeasonCrop(tx, before.seasonCropId);
    await tx.delete(deductionRules).where(eq(deductionRules.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'deleted',
      entity: 'deduction_rule',
      entityId: id,
      before,
    });
  });
}
