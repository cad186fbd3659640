import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * A farmer's season statement (#27): what they delivered, how each approved settlement split their
 * money and what was paid, their loans and inputs, and their requests. One read serves the
 * farmer's page, the printed statement and (#31) the farmer's own USSD and SMS: its figures are the
 * rows the settlement, the payments and the loans wrote, summed, never worked out again.
 */
export const farmerStatementQuery = z.object({
  /** The season; the open season (else the farmer's latest) when left out. */
  season_id: uuid.optional(),
});
export type FarmerStatementQuery = z.infer<typeof farmerStatementQuery>;

const statementSeason = z.object({
  id: uuid,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['planned', 'open', 'closed']),
});

/** One receipt of the season. */
export const statementCollection = z.object({
  id: uuid,
  receiptNo: z.string(),
  collectedOn: z.string(),
  cropName: z.string(),
  gradeCode: z.string(),
  gradeName: z.string(),
  bags: z.number(),
  netKg: z.string(),
  status: z.string(),
});

/** The season's kilograms of one crop and grade, cancelled receipts left out. */
export const statementGrade = z.object({
  cropName: z.string(),
  gradeCode: z.string(),
  gradeName: z.string(),
  receipts: z.number(),
  bags: z.number(),
  netKg: z.string(),
});

/** How the money of a farmer's payment line stands (the line's own status, its batch's). */
export const statementPayment = z.object({
  batchId: uuid,
  batchNo: z.string(),
  batchStatus: z.enum(['draft', 'approved', 'exported', 'paid']),
  status: z.enum(['pending', 'paid', 'failed', 'retried']),
  reference: z.string(),
  amount: z.string(),
  paidAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Set when the farmer's money went to their AMCOS to pay out: the AMCOS's line. */
  viaAmcosName: z.string().nullable(),
});
export type StatementPayment = z.infer<typeof statementPayment>;

/** One approved settlement's share of the farmer: the sum of their settlement_farmers rows. */
export const statementSettlement = z.object({
  settlementId: uuid,
  settlementNo: z.string(),
  settledOn: z.string(),
  lots: z.number(),
  kg: z.string(),
  grossShare: z.string(),
  deductions: z.string(),
  loanRecovery: z.string(),
  /** Unpaid member shares paid from this crop money (#32), after the loans. */
  memberShares: z.string(),
  net: z.string(),
  payment: statementPayment.nullable(),
});
export type StatementSettlement = z.infer<typeof statementSettlement>;

/** The farmer's line of an approved second payment (#32) of a crop of the season, and its payment. */
export const statementSecondPayment = z.object({
  secondPaymentId: uuid,
  paymentNo: z.string(),
  approvedOn: z.string(),
  cropName: z.string(),
  ratePerKg: z.string(),
  kg: z.string(),
  amount: z.string(),
  payment: statementPayment.nullable(),
});
export type StatementSecondPayment = z.infer<typeof statementSecondPayment>;

/** A loan recovered (part) by an approved settlement. */
export const statementRecovery = z.object({ settlementNo: z.string(), amount: z.string() });

/** A loan: a cash advance or inputs on credit, with what settlements recovered of it. */
export const statementLoan = z.object({
  id: uuid,
  loanNo: z.string(),
  issuedOn: z.string(),
  source: z.enum(['cash_advance', 'distribution']),
  reason: z.string(),
  status: z.enum(['draft', 'active', 'cancelled']),
  amount: z.string(),
  recovered: z.string(),
  outstanding: z.string(),
  distributionId: uuid.nullable(),
  distributionNo: z.string().nullable(),
  recoveries: z.array(statementRecovery),
});
export type StatementLoan = z.infer<typeof statementLoan>;

/** One item handed to the farmer from an AMCOS store. */
export const statementInputLine = z.object({
  distributionId: uuid,
  distributionNo: z.string(),
  distributedOn: z.string(),
  kind: z.enum(['credit', 'cash', 'free', 'subsidised']),
  status: z.enum(['issued', 'cancelled']),
  itemName: z.string(),
  unit: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  farmerValue: z.string(),
});

export const statementRequest = z.object({
  id: uuid,
  requestNo: z.string(),
  requestedOn: z.string(),
  cropName: z.string(),
  status: z.enum(['pending', 'amcos_approved', 'approved', 'rejected', 'distributed']),
  creditValue: z.string(),
});

export const farmerStatement = z.object({
  farmer: z.object({
    id: uuid,
    farmerNo: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    village: z.string().nullable(),
    amcosId: uuid,
    amcosCode: z.string(),
    amcosName: z.string(),
  }),
  /** Null when no season exists yet. */
  season: statementSeason.nullable(),
  collections: z.object({
    receipts: z.array(statementCollection),
    byGrade: z.array(statementGrade),
    totals: z.object({ receipts: z.number(), bags: z.number(), netKg: z.string() }),
  }),
  settlements: z.object({
    rows: z.array(statementSettlement),
    totals: z.object({
      kg: z.string(),
      grossShare: z.string(),
      deductions: z.string(),
      loanRecovery: z.string(),
      memberShares: z.string(),
      net: z.string(),
      paid: z.string(),
      unpaid: z.string(),
    }),
  }),
  /** Second payments (#32) on the season's crops: the farmer's amount and how it was paid. */
  secondPayments: z.array(statementSecondPayment),
  /** The season's loans, and any older loan still owed: what the farmer owes today. */
  loans: z.object({
    rows: z.array(statementLoan),
    totals: z.object({ given: z.string(), recovered: z.string(), outstanding: z.string() }),
  }),
  inputs: z.array(statementInputLine),
  requests: z.array(statementRequest),
});
export type FarmerStatement = z.infer<typeof farmerStatement>;
export const farmerStatementReply = z.object({ data: farmerStatement });
