import { z } from 'zod';
import { listQuery, money, paged, uuid } from './common.ts';
import { amountField, isoDate, requiredText } from './fields.ts';

/** Settlement and payments (issue 7): farmer loans, settlement runs, payment batches. */

export const payeeType = z.enum(['farmer', 'amcos', 'beneficiary', 'transporter']);
export type SettlementPartyType = z.infer<typeof payeeType>;

// ---- Farmer loans -------------------------------------------------------------------------------

export const farmerLoan = z.object({
  id: uuid,
  loanNo: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  issuedOn: z.string(),
  amount: money,
  recovered: money,
  outstanding: money,
  reason: z.string(),
  source: z.enum(['cash_advance', 'distribution']),
  status: z.enum(['active', 'cancelled']),
  createdAt: z.string(),
});
export type FarmerLoan = z.infer<typeof farmerLoan>;

export const createLoanBody = z.object({
  farmerId: uuid,
  issuedOn: isoDate,
  amount: amountField.refine((v) => Number(v) > 0, 'The amount must be above zero'),
  reason: requiredText('Give the reason for the advance', 200),
});
export type CreateLoanBody = z.infer<typeof createLoanBody>;

export const loanListQuery = listQuery.extend({
  farmer_id: uuid.optional(),
  amcos_id: uuid.optional(),
  outstanding: z.enum(['true', 'false']).optional(),
});
export const loanList = paged(farmerLoan);

// ---- Settlement ---------------------------------------------------------------------------------

/** Which paid, unsettled lots to settle: those of an auction, of an AMCOS, given ones, or all. */
export const settlementSelection = z.object({
  auctionId: uuid.optional(),
  amcosId: uuid.optional(),
  lotIds: z.array(uuid).max(5000).optional(),
  settledOn: isoDate.optional(),
  remarks: z.string().trim().max(300).optional(),
});
export type SettlementSelection = z.infer<typeof settlementSelection>;

export const settlementTotals = z.object({
  lotCount: z.number(),
  farmerCount: z.number(),
  gross: money,
  beneficiaries: money,
  transporters: money,
  amcosShare: money,
  farmersNet: money,
  loanRecovery: money,
  buyerLevies: money,
});

export const settlementDeductionLine = z.object({
  name: z.string(),
  payer: z.enum(['farmer', 'buyer']),
  partyType: z.enum(['amcos', 'beneficiary', 'transporter']),
  partyId: uuid,
  partyName: z.string(),
  amount: money,
});

export const settlementFarmerLine = z.object({
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  kg: z.string(),
  grossShare: money,
  deductions: money,
  owed: money,
  loanRecovery: money,
  net: money,
});

export const settlementLot = z.object({
  lotId: uuid,
  lotNo: z.string(),
  whrNo: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  kg: z.string(),
  collectedKg: z.string(),
  pricePerKg: money,
  gross: money,
  beneficiaries: money,
  transporters: money,
  amcosShare: money,
  farmersNet: money,
  loanRecovery: money,
  buyerLevies: money,
  farmerCount: z.number(),
  deductions: z.array(settlementDeductionLine),
});
export type SettlementLot = z.infer<typeof settlementLot>;

export const settlementPreview = settlementTotals.extend({
  lots: z.array(settlementLot),
  /** Farmers over all lots (one line per farmer), the first 500 by name. */
  farmers: z.array(settlementFarmerLine),
});
export type SettlementPreview = z.infer<typeof settlementPreview>;

export const settlement = settlementTotals.extend({
  id: uuid,
  settlementNo: z.string(),
  settledOn: z.string(),
  status: z.enum(['draft', 'approved', 'cancelled']),
  auctionId: uuid.nullable(),
  amcosId: uuid.nullable(),
  remarks: z.string().nullable(),
  journalEntryId: uuid.nullable(),
  createdBy: uuid.nullable(),
  approvedBy: uuid.nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Settlement = z.infer<typeof settlement>;

export const settlementDetails = settlement.extend({ lots: z.array(settlementLot) });
export type SettlementDetails = z.infer<typeof settlementDetails>;

export const settlementListQuery = listQuery.extend({
  status: z.enum(['draft', 'approved', 'cancelled']).optional(),
});
export const settlementList = paged(settlement);
export const cancelSettlementBody = z.object({ reason: requiredText('Give the reason', 300) });

// ---- Payment batches ----------------------------------------------------------------------------

export const paymentLine = z.object({
  id: uuid,
  batchId: uuid,
  batchNo: z.string(),
  partyType: payeeType,
  partyId: uuid,
  amcosId: uuid.nullable(),
  payeeName: z.string(),
  method: z.enum(['bank', 'mobile', 'none']),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  phone: z.string().nullable(),
  viaAmcosId: uuid.nullable(),
  amount: money,
  reference: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'retried']),
  failureReason: z.string().nullable(),
  retryOfLineId: uuid.nullable(),
});
export type PaymentLine = z.infer<typeof paymentLine>;

export const paymentBatch = z.object({
  id: uuid,
  batchNo: z.string(),
  settlementId: uuid.nullable(),
  settlementNo: z.string().nullable(),
  partyType: payeeType,
  status: z.enum(['draft', 'approved', 'exported', 'paid']),
  isRetry: z.boolean(),
  lineCount: z.number(),
  total: money,
  bankReference: z.string().nullable(),
  createdBy: uuid.nullable(),
  approvedBy: uuid.nullable(),
  paidOn: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentBatch = z.infer<typeof paymentBatch>;

export const paymentBatchListQuery = listQuery.extend({
  party_type: payeeType.optional(),
  status: z.enum(['draft', 'approved', 'exported', 'paid']).optional(),
  settlement_id: uuid.optional(),
});
export const paymentBatchList = paged(paymentBatch);
export const paymentLineListQuery = listQuery.extend({
  status: z.enum(['pending', 'paid', 'failed', 'retried']).optional(),
});
export const paymentLineList = paged(paymentLine);

export const exportBatchQuery = z.object({
  layout: z.enum(['bank', 'mobile']),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

export const markBatchPaidBody = z.object({
  paidOn: isoDate,
  bankReference: requiredText('Give the bank reference', 100),
  /** Lines the bank refused; every other line is paid. */
  failed: z
    .array(z.object({ lineId: uuid, reason: requiredText('Give the reason the payment failed', 200) }))
    .default([]),
});
export type MarkBatchPaidBody = z.infer<typeof markBatchPaidBody>;

export const retryLinesBody = z.object({
  lineIds: z.array(uuid).min(1, 'Choose the failed lines to pay again'),
});

export const paymentSettingsBody = z.object({
  payFarmersThrough: z.enum(['central', 'amcos']),
  smsFarmers: z.boolean(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsBody>;

/** A farmer's share of one settled lot. */
export const settlementFarmerRow = settlementFarmerLine.extend({
  lotId: uuid,
  lotNo: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
});
export type SettlementFarmerRow = z.infer<typeof settlementFarmerRow>;
export const settlementFarmerList = paged(settlementFarmerRow);

// ---- Payment reports (/reports/auction/...) -----------------------------------------------------

export const settlementReportQuery = z.object({
  auction_id: uuid.optional(),
  season_crop_id: uuid.optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
const reportCell = z.union([z.string(), z.number()]);
export const settlementReportReply = z.object({
  data: z.object({
    columns: z.array(z.object({ key: z.string(), header: z.string(), amount: z.boolean().optional() })),
    rows: z.array(z.record(z.string(), reportCell)),
    totals: z.record(z.string(), reportCell),
  }),
});
export type SettlementReport = z.infer<typeof settlementReportReply>['data'];
