import type { createDeductionRuleBody, DeductionRule } from '@ushirika/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { getDeductionRule } from './queries.ts';
import { assertRuleFits, openSeasonCrop, ruleConstraints } from './rule-checks.ts';
import { deductionRules } from './schema.ts';

/** Adds a deduction rule to a season's crop, while its season is not closed. */
export async function createDeductionRule(
  db: Db,
  actor: Actor,
  { seasonCropId, ...rule }: z.output<typeof createDeductionRuleBody> & { seasonCropId: string },
): Promise<DeductionRule> {
  return explainConstraints(ruleConstraints, () =>
    db.transaction(async (tx) => {
      const seasonCrop = await openSeasonCrop(tx, seasonCropId);
      await assertRuleFits(tx, seasonCrop.cropId, rule);
      const [row] = await tx
        .insert(deductionRules)
        .values({ ...rule, seasonCropId })
        .returning({ id: deductionRules.id });
      if (!row) throw new Error('Deduction rule insert returned nothing');
      const created = await getDeductionRule(tx, row.id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'created',
        entity: 'deduction_rule',
        entityId: row.id,
        after: created,
      });
      return created;
    }),
  );
}
