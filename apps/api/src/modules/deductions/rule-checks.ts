import { ruleProblems } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.ts';
import { grades, seasonCrops, seasons } from '../seasons/schema.ts';

export const ruleConstraints = {
  deduction_rules_beneficiary_id_beneficiaries_id_fk: {
    field: 'beneficiaryId',
    message: 'The chosen beneficiary does not exist',
  },
  deduction_rules_grade_id_grades_id_fk: { field: 'gradeId', message: 'The chosen grade does not exist' },
};

/** The season crop a rule hangs off; its rules are fixed once the season is closed. */
export async function openSeasonCrop(tx: DbOrTx, seasonCropId: string) {
  const [row] = await tx
    .select({ id: seasonCrops.id, cropId: seasonCrops.cropId, seasonStatus: seasons.status })
    .from(seasonCrops)
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .where(eq(seasonCrops.id, seasonCropId));
  if (!row) throw new NotFoundError('Season crop not found');
  if (row.seasonStatus === 'closed')
    throw new ConflictError('The season is closed: its deduction rules are fixed');
  return row;
}

/** Cross-field rules (the contract's) on the merged record, and the grade must be of this crop. */
export async function assertRuleFits(
  db: DbOrTx,
  cropId: string,
  rule: Parameters<typeof ruleProblems>[0],
): Promise<void> {
  const [problem] = ruleProblems(rule);
  if (problem) throw new ValidationError(problem.message, { [problem.path]: [problem.message] });
  if (rule.gradeId) {
    const [found] = await db
      .select({ cropId: grades.cropId })
      .from(grades)
      .where(eq(grades.id, rule.gradeId));
    if (found && found.cropId !== cropId) {
      const message = 'The grade is of another crop';
      throw new ValidationError(message, { gradeId: [message] });
    }
  }
}
