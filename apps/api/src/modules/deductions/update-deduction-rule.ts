import type { DeductionRule, UpdateDeductionRuleBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { getDeductionRule } from './queries.ts';
import { assertRuleFits, openSeasonCrop, ruleConstraints } from './rule-checks.ts';
import { deductionRules } from './schema.ts';

export async function updateDeductionRule(
  db: Db,
  { id, body, actorId }: { id: string; body: UpdateDeductionRuleBody; actorId: string },
): Promise<DeductionRule> {
  return explainConstraints(ruleConstraints, () =>
    db.transaction(async (tx) => {
      const before = await getDeductionRule(tx, id);
      const seasonCrop = await openSeasonCrop(tx, before.seasonCropId);
      const merged = { ...before, ...body };
      // A rule moved off a beneficiary forgets it.
      if (body.recipient && body.recipient !== 'beneficiary' && body.beneficiaryId === undefined)
        merged.beneficiaryId = null;
      await assertRuleFits(tx, seasonCrop.cropId, merged);
      await tx
        .update(deductionRules)
        .set({ ...body, beneficiaryId: merged.beneficiaryId })
        .where(eq(deductionRules.id, id));
      const after = await getDeductionRule(tx, id);
      await recordAudit(tx, {
        actorId,
        action: 'updated',
        entity: 'deduction_rule',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

/** Rules of an open or planned season can be removed; the trail keeps what they were. */
export async function deleteDeductionRule(
  db: Db,
  { id, actorId }: { id: string; actorId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getDeductionRule(tx, id);
    await openSeasonCrop(tx, before.seasonCropId);
    await tx.delete(deductionRules).where(eq(deductionRules.id, id));
    await recordAudit(tx, { actorId, action: 'deleted', entity: 'deduction_rule', entityId: id, before });
  });
}
