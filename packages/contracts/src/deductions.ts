import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import {
  amountField,
  bankAccountFields,
  compareDecimals,
  isoDate,
  kgField,
  rateField,
  requiredText,
} from './fields.ts';

export const beneficiaryKinds = ['council', 'crop_board', 'union', 'amcos', 'regulator', 'other'] as const;
export const beneficiaryKind = z.enum(beneficiaryKinds, 'Choose the kind of beneficiary');
export const beneficiary = z.object({
  id: uuid,
  name: z.string(),
  kind: beneficiaryKind,
  councilId: uuid.nullable(),
  councilName: z.string().nullable(),
  bankId: uuid.nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  active: z.boolean(),
  /** What its rules take is the union's own income (levy income in the Operation book), not paid out. */
  unionIncome: z.boolean(),
  ruleCount: z.number(),
});
export type Beneficiary = z.infer<typeof beneficiary>;
export const createBeneficiaryBody = z.object({
  name: requiredText('Enter the beneficiary name'),
  kind: beneficiaryKind,
  councilId: uuid.nullish().transform((v) => v ?? null),
  ...bankAccountFields,
  /** Left out: true for a beneficiary of kind `union` (the union's own levy), false otherwise. */
  unionIncome: z.boolean().optional(),
});
export const updateBeneficiaryBody = createBeneficiaryBody
  .partial()
  .extend({ active: z.boolean().optional() });
export const beneficiaryListQuery = listQuery.extend({ kind: beneficiaryKind.optional() });

export const deductionPayer = z.enum(['farmer', 'buyer'], 'Choose who pays: farmer or buyer');
export const deductionBasis = z.enum(
  ['per_kg', 'percent_of_gross', 'per_bag', 'fixed'],
  'Choose the basis: per kg, percent of gross, per bag or fixed',
);
/** Who receives the money: a beneficiary, the AMCOS of the lot, or the lot's transporter. */
export const deductionRecipient = z.enum(['beneficiary', 'amcos', 'transporter'], 'Choose who receives it');

/**
 * `levy`: an amount out of the gross by its basis. `member_shares` (#32): paid from what a member is
 * owed after their loans, up to `rate` percent of it and never more than their unpaid shares, to the
 * lot's AMCOS; never a levy. `amcos_shares` (#32): paid by the lot's AMCOS from its levy on the lot,
 * up to `rate` percent of it and never more than its unpaid union shares, to the union (its share
 * capital). Both are stored as recipient `amcos`, payer `farmer`, basis percent, no limits.
 */
export const deductionRuleKind = z.enum(
  ['levy', 'member_shares', 'amcos_shares'],
  'Choose the kind of deduction',
);
export type DeductionRuleKind = z.infer<typeof deductionRuleKind>;

export const deductionRule = z.object({
  id: uuid,
  seasonCropId: uuid,
  gradeId: uuid.nullable(),
  gradeName: z.string().nullable(),
  name: z.string(),
  kind: deductionRuleKind,
  recipient: deductionRecipient,
  beneficiaryId: uuid.nullable(),
  beneficiaryName: z.string().nullable(),
  payer: deductionPayer,
  basis: deductionBasis,
  rate: z.string(),
  minimum: z.string().nullable(),
  maximum: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  order: z.number(),
});
export type DeductionRule = z.infer<typeof deductionRule>;

const ruleFields = z.object({
  gradeId: uuid.nullish().transform((v) => v ?? null),
  name: requiredText('Enter the deduction name', 80),
  kind: deductionRuleKind.default('levy'),
  recipient: deductionRecipient,
  beneficiaryId: uuid.nullish().transform((v) => v ?? null),
  payer: deductionPayer,
  basis: deductionBasis,
  rate: rateField,
  minimum: amountField.nullish().transform((v) => v ?? null),
  maximum: amountField.nullish().transform((v) => v ?? null),
  validFrom: isoDate.nullish().transform((v) => v ?? null),
  validTo: isoDate.nullish().transform((v) => v ?? null),
  order: z.number().int().min(0).max(999).default(0),
});

type RuleShape = Partial<z.infer<typeof ruleFields>>;
/** Cross-field checks, shared by create and update (on the merged record). */
export function ruleProblems(r: RuleShape): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (r.recipient === 'beneficiary' && !r.beneficiaryId)
    problems.push({ path: 'beneficiaryId', message: 'Choose the beneficiary who receives this deduction' });
  if (r.recipient !== 'beneficiary' && r.beneficiaryId)
    problems.push({ path: 'beneficiaryId', message: 'Only a beneficiary deduction names a beneficiary' });
  if (r.basis === 'percent_of_gross' && r.rate && compareDecimals(r.rate, '100') > 0)
    problems.push({ path: 'rate', message: 'A percentage cannot be above 100' });
  if (r.minimum && r.maximum && compareDecimals(r.minimum, r.maximum) > 0)
    problems.push({ path: 'maximum', message: 'The maximum cannot be below the minimum' });
  if (r.kind === 'member_shares') {
    if (r.recipient !== 'amcos')
      problems.push({ path: 'recipient', message: "Member shares are paid to the farmer's AMCOS" });
    if (r.payer !== 'farmer')
      problems.push({ path: 'payer', message: 'Member shares are paid by the farmer' });
    if (r.basis !== 'percent_of_gross')
      problems.push({
        path: 'basis',
        message: "Member shares take a percent of the farmer's money after loans: choose percent",
      });
    if (r.minimum || r.maximum)
      problems.push({
        path: 'minimum',
        message: 'Member shares have no minimum or maximum: the unpaid shares are the limit',
      });
  }
  if (r.kind === 'amcos_shares') {
    // Stored in the same fixed shape as member shares: the AMCOS's levy is what it takes from.
    if (r.recipient !== 'amcos' || r.payer !== 'farmer')
      problems.push({
        path: 'recipient',
        message:
          "AMCOS shares are paid from the AMCOS's levy to the union: leave who pays and receives as they are",
      });
    if (r.basis !== 'percent_of_gross')
      problems.push({
        path: 'basis',
        message: "AMCOS shares take a percent of the AMCOS's levy: choose percent",
      });
    if (r.minimum || r.maximum)
      problems.push({
        path: 'minimum',
        message: "AMCOS shares have no minimum or maximum: the AMCOS's unpaid union shares are the limit",
      });
  }
  if (r.validFrom && r.validTo && r.validTo < r.validFrom)
    problems.push({ path: 'validTo', message: 'The rule must end after it starts' });
  return problems;
}

export const createDeductionRuleBody = ruleFields.superRefine((r, ctx) => {
  for (const p of ruleProblems(r)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});
export type CreateDeductionRuleBody = z.input<typeof createDeductionRuleBody>;
export const updateDeductionRuleBody = ruleFields.partial();
export type UpdateDeductionRuleBody = z.infer<typeof updateDeductionRuleBody>;
export const deductionRuleListQuery = listQuery.extend({ payer: deductionPayer.optional() });

export const deductionPreviewBody = z.object({
  kg: kgField,
  pricePerKg: amountField,
  bags: z.number().int().min(0).max(1_000_000),
  gradeId: uuid.nullish().transform((v) => v ?? null),
  on: isoDate.nullish().transform((v) => v ?? undefined),
});
const previewLine = z.object({
  ruleId: z.string(),
  name: z.string(),
  payer: deductionPayer,
  basis: deductionBasis,
  computed: z.string(),
  amount: z.string(),
});
export const deductionPreview = z.object({
  gross: z.string(),
  farmerLines: z.array(previewLine),
  buyerLines: z.array(previewLine),
  farmerDeductions: z.string(),
  buyerDeductions: z.string(),
  farmerNet: z.string(),
  buyerTotal: z.string(),
});
export type DeductionPreview = z.infer<typeof deductionPreview>;
