import type { DeductionPreview } from '@ushirika/contracts';
import { type DeductionRuleInput, splitGross } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { seasonCrops } from '../seasons/schema.ts';
import { listDeductionRules } from './queries.ts';

/**
 * Splits a sample sale by the season crop's rules (those for all grades plus the chosen grade's),
 * e.g. 1,000 kg at 2,000 TZS/kg. The same calculation settlement will use.
 */
export async function previewDeductions(
  db: DbOrTx,
  _actor: Actor,
  {
    seasonCropId,
    sale,
  }: {
    seasonCropId: string;
    sale: { kg: string; pricePerKg: string; bags: number; gradeId: string | null; on?: string | undefined };
  },
): Promise<DeductionPreview> {
  const [seasonCrop] = await db
    .select({ id: seasonCrops.id })
    .from(seasonCrops)
    .where(eq(seasonCrops.id, seasonCropId));
  if (!seasonCrop) throw new NotFoundError('Season crop not found');
  // Member shares come out of a member's money after loans at settlement, not out of the gross.
  const rules = (await listDeductionRules(db, seasonCropId)).filter(
    (r) => r.kind === 'levy' && (!r.gradeId || r.gradeId === sale.gradeId),
  );
  const inputs: DeductionRuleInput[] = rules.map((r) => ({ ...r }));
  return splitGross(
    { kg: sale.kg, pricePerKg: sale.pricePerKg, bags: sale.bags, ...(sale.on ? { on: sale.on } : {}) },
    inputs,
  );
}
