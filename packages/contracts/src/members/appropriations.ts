import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { amountField, detailReply, isoDate, savedReply } from '../fields.ts';

/**
 * The appropriation of a closed year's surplus (#32): the board proposes (statutory reserve from
 * the by-laws' setting, a dividend % of paid-up shares, a patronage bonus per kg of the season),
 * another user approves it (posted, and a payment batch to the AMCOS drafted) or rejects it.
 */
export const appropriationStatus = z.enum(['proposed', 'approved', 'rejected']);
export type AppropriationStatus = z.infer<typeof appropriationStatus>;

const percentField = z
  .string()
  .trim()
  .regex(
    /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/,
    'Enter a percentage from 0 to 100 with at most 2 decimals',
  );

export const proposeAppropriationBody = z.object({
  financialYearId: uuid,
  /** The season whose delivered kg earn the patronage bonus. */
  seasonId: uuid,
  dividendPercent: percentField,
  bonusPerKg: amountField,
});
export type ProposeAppropriationBody = z.infer<typeof proposeAppropriationBody>;

export const appropriationLine = z.object({
  id: uuid,
  amcosId: uuid,
  amcosName: z.string(),
  memberNo: z.string(),
  paidShares: money,
  kg: z.string(),
  dividend: money,
  bonus: money,
  payable: money,
  /** What pays the AMCOS's unpaid shares first, when it chose so (a preview until approved). */
  toShares: money,
  /** What its payment line pays: payable - toShares. */
  toPay: money,
});
export type AppropriationLine = z.infer<typeof appropriationLine>;

/** The figures of a proposal, computed (preview) or saved. */
export const appropriationFigures = z.object({
  financialYearId: uuid,
  yearName: z.string(),
  seasonId: uuid,
  seasonName: z.string(),
  surplus: money,
  reservePercent: z.string(),
  dividendPercent: z.string(),
  bonusPerKg: money,
  reserve: money,
  dividend: money,
  bonus: money,
  retained: money,
  lines: z.array(appropriationLine.omit({ id: true })),
});
export type AppropriationFigures = z.infer<typeof appropriationFigures>;

export const appropriation = appropriationFigures.extend({
  id: uuid,
  appropriationNo: z.string(),
  status: appropriationStatus,
  proposedBy: z.string().nullable(),
  /** Who proposed it: another person decides on it. */
  proposedById: uuid,
  proposedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  journalEntryId: uuid.nullable(),
  paymentBatchId: uuid.nullable(),
  paymentBatchNo: z.string().nullable(),
  lines: z.array(appropriationLine),
});
export type Appropriation = z.infer<typeof appropriation>;

export const appropriationSummary = appropriation.omit({ lines: true });
export type AppropriationSummary = z.infer<typeof appropriationSummary>;
/** The list offers no export: a union has one appropriation a year (the exports test holds every offered one). */
export const appropriationListQuery = listQuery
  .omit({ format: true })
  .extend({ status: appropriationStatus.optional() });
export const appropriationList = paged(appropriationSummary);
export type AppropriationList = z.infer<typeof appropriationList>;

/** The AGM's date: the appropriation is posted on it (today when not given). */
export const approveAppropriationBody = z.object({ date: isoDate.optional() }).default({});
export type ApproveAppropriationBody = z.infer<typeof approveAppropriationBody>;

export const rejectAppropriationBody = z.object({
  reason: z.string().trim().min(3, 'Say why it is rejected').max(300),
});
export type RejectAppropriationBody = z.infer<typeof rejectAppropriationBody>;

/** The by-laws' statutory reserve, a percentage of the surplus (25 % until set). */
export const appropriationSettings = z.object({ reservePercent: z.string() });
export type AppropriationSettings = z.infer<typeof appropriationSettings>;
export const appropriationSettingsBody = z.object({ reservePercent: percentField });

export const appropriationReply = detailReply(appropriation);
export const appropriationSaved = savedReply(appropriation);
export const appropriationPreviewReply = detailReply(appropriationFigures);
export const appropriationSettingsReply = detailReply(appropriationSettings);
export const appropriationSettingsSaved = savedReply(appropriationSettings);

/** An AMCOS's own line of each approved appropriation (#32): what the union owes it, read-only. */
export const ownAppropriationLine = appropriationLine.extend({
  appropriationNo: z.string(),
  yearName: z.string(),
  approvedAt: z.string(),
});
export type OwnAppropriationLine = z.infer<typeof ownAppropriationLine>;
export const ownAppropriationLines = z.object({ data: z.array(ownAppropriationLine) });

/** GET /api/members/agm-pack: the AGM pack of a closed financial year, one PDF (#32). */
export const agmPackQuery = z.object({ financial_year_id: uuid });
export type AgmPackQuery = z.infer<typeof agmPackQuery>;
