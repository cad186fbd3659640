import type { CreateDeductionRuleBody, DeductionRule } from '@ushirika/contracts';
import { createDeductionRuleBody } from '@ushirika/contracts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { getDeductionRule } from './queries.ts';
import { assertRuleFits, openSeasonCrop, ruleConstraints } from './rule-checks.ts';
import { deductionRules } from './schema.ts';

export async function createDeductionRule(
  db: Db,
  { seasonCropId, body, actorId }: { seasonCropId: string; body: CreateDeductionRuleBody; actorId: string },
): Promise<DeductionRule> {
  const rule = createDeductionRuleBody.parse(body);
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
        actorId,
        action: 'created',
        entity: 'deduction_rule',
        entityId: row.id,
        after: created,
      });
      return created;
    }),
  );
}
