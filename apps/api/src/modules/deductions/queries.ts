import type { DeductionRule } from '@ushirika/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { localNameSql } from '../../platform/labels.ts';
import { grades } from '../seasons/schema.ts';
import { beneficiaries, deductionRules } from './schema.ts';

const columns = {
  id: deductionRules.id,
  seasonCropId: deductionRules.seasonCropId,
  gradeId: deductionRules.gradeId,
  gradeName: localNameSql('grades'),
  name: deductionRules.name,
  kind: deductionRules.kind,
  recipient: deductionRules.recipient,
  beneficiaryId: deductionRules.beneficiaryId,
  beneficiaryName: beneficiaries.name,
  payer: deductionRules.payer,
  basis: deductionRules.basis,
  rate: deductionRules.rate,
  minimum: deductionRules.minimum,
  maximum: deductionRules.maximum,
  validFrom: deductionRules.validFrom,
  validTo: deductionRules.validTo,
  order: deductionRules.order,
};

const selectRules = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(columns)
    .from(deductionRules)
    .leftJoin(grades, eq(grades.id, deductionRules.gradeId))
    .leftJoin(beneficiaries, eq(beneficiaries.id, deductionRules.beneficiaryId))
    .where(where)
    .orderBy(asc(deductionRules.order), asc(deductionRules.name), asc(deductionRules.id));

export async function listDeductionRules(
  db: DbOrTx,
  seasonCropId: string,
  filters: { payer?: 'farmer' | 'buyer' | undefined } = {},
): Promise<DeductionRule[]> {
  return selectRules(
    db,
    and(
      eq(deductionRules.seasonCropId, seasonCropId),
      filters.payer ? eq(deductionRules.payer, filters.payer) : undefined,
    ),
  );
}

export async function getDeductionRule(db: DbOrTx, id: string): Promise<DeductionRule> {
  const [row] = await selectRules(db, eq(deductionRules.id, id));
  if (!row) throw new NotFoundError('Deduction rule not found');
  return row;
}
