import type { DeductionRule, UpdateDeductionRuleBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { getDeductionRule } from './queries.ts';
import { assertRuleFits, openSeasonCrop, ruleConstraints } from './rule-checks.ts';
import { deductionRules } from './schema.ts';

/** Changes a rule of a season that is not closed; the merged rule must still fit its crop. */
export async function updateDeductionRule(
  db: Db,
  actor: Actor,
  { id, ...body }: UpdateDeductionRuleBody & { id: string },
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
        actorId: actor.userId,
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
