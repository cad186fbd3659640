import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { amountField, detailReply, savedReply } from '../fields.ts';

/**
 * A second payment to farmers (#32): the union decides an amount per kg for a season crop
 * (optionally only some AMCOS); each farmer gets it on the kg they delivered, split exactly to the
 * cent. Proposed by one user, approved (posted, a farmers' payment batch drafted, each farmer told
 * by SMS) or rejected by another.
 */
export const secondPaymentStatus = z.enum(['proposed', 'approved', 'rejected']);
export type SecondPaymentStatus = z.infer<typeof secondPaymentStatus>;

export const proposeSecondPaymentBody = z.object({
  /** The season and crop whose delivered kg are paid. */
  seasonCropId: uuid,
  ratePerKg: amountField,
  /** Only these AMCOS' farmers; all when empty or left out. */
  amcosIds: z.array(uuid).max(500).optional(),
});
export type ProposeSecondPaymentBody = z.infer<typeof proposeSecondPaymentBody>;

export const secondPaymentLine = z.object({
  id: uuid,
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  kg: z.string(),
  amount: money,
});
export type SecondPaymentLine = z.infer<typeof secondPaymentLine>;

/** The figures of a second payment, computed (preview) or saved. */
export const secondPaymentFigures = z.object({
  seasonCropId: uuid,
  seasonName: z.string(),
  cropName: z.string(),
  ratePerKg: money,
  /** The AMCOS it is limited to (empty: all). */
  amcosIds: z.array(uuid),
  amcosNames: z.array(z.string()),
  kg: z.string(),
  total: money,
  lines: z.array(secondPaymentLine.omit({ id: true })),
});
export type SecondPaymentFigures = z.infer<typeof secondPaymentFigures>;

export const secondPaymentSummary = secondPaymentFigures.omit({ lines: true }).extend({
  id: uuid,
  paymentNo: z.string(),
  status: secondPaymentStatus,
  lineCount: z.number(),
  proposedBy: z.string().nullable(),
  /** Who proposed it: another person decides on it. */
  proposedById: uuid,
  proposedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  paymentBatchId: uuid.nullable(),
  paymentBatchNo: z.string().nullable(),
});
export type SecondPaymentSummary = z.infer<typeof secondPaymentSummary>;
export const secondPayment = secondPaymentSummary.extend({ lines: z.array(secondPaymentLine) });
export type SecondPayment = z.infer<typeof secondPayment>;

/** The list offers no export (the exports test holds every offered one); a payment's lines are in its batch. */
export const secondPaymentListQuery = listQuery
  .omit({ format: true })
  .extend({ status: secondPaymentStatus.optional() });
export const secondPaymentList = paged(secondPaymentSummary);
export type SecondPaymentList = z.infer<typeof secondPaymentList>;

export const rejectSecondPaymentBody = z.object({
  reason: z.string().trim().min(3, 'Say why it is rejected').max(300),
});
export type RejectSecondPaymentBody = z.infer<typeof rejectSecondPaymentBody>;

export const secondPaymentReply = detailReply(secondPayment);
export const secondPaymentSaved = savedReply(secondPayment);
export const secondPaymentPreviewReply = detailReply(secondPaymentFigures);

/** An AMCOS user's own farmers' lines of the approved second payments (#32), read-only. */
export const ownSecondPaymentLine = secondPaymentLine.extend({
  paymentNo: z.string(),
  seasonName: z.string(),
  cropName: z.string(),
  ratePerKg: money,
  approvedAt: z.string(),
});
export type OwnSecondPaymentLine = z.infer<typeof ownSecondPaymentLine>;
export const ownSecondPaymentLines = z.object({ data: z.array(ownSecondPaymentLine) });
