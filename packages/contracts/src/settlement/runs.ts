import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { isoDate, requiredText } from '../fields.ts';

/** Settlement runs: which lots are settled and each party's share. */

/** Which paid, unsettled lots to settle: those of an auction, of an AMCOS, given ones, or all. */
export const settlementSelection = z.object({
  auctionId: uuid.optional(),
  amcosId: uuid.optional(),
  lotIds: z.array(uuid).max(5000).optional(),
  settledOn: isoDate.optional(),
  remarks: z.string().trim().max(300).optional(),
});
export type SettlementSelection = z.infer<typeof settlementSelection>;

/**
 * How a settlement's (or one lot's) gross is split: gross = beneficiaries + transporters +
 * amcosShare + farmersNet + loanRecovery + memberShares; buyer levies are paid to the beneficiaries with it.
 */
const settlementSplit = {
  gross: money,
  beneficiaries: money,
  transporters: money,
  amcosShare: money,
  farmersNet: money,
  loanRecovery: money,
  buyerLevies: money,
  /** Members' unpaid shares paid from crop money after loans, to their AMCOS (#32). */
  memberShares: money,
  /**
   * Part of amcosShare (the AMCOS's levy) that pays the AMCOS's unpaid shares in the union (#32);
   * the AMCOS's payment line is amcosShare + memberShares - amcosShares.
   */
  amcosShares: money,
};

export const settlementTotals = z.object({
  lotCount: z.number(),
  farmerCount: z.number(),
  ...settlementSplit,
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
  memberShares: money,
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
  ...settlementSplit,
  farmerCount: z.number(),
  deductions: z.array(settlementDeductionLine),
});
export type SettlementLot = z.infer<typeof settlementLot>;
/** A page of a settlement's lots (the Lots tab pages them, issue #20). */
export const settlementLotList = paged(settlementLot);

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

export const settlementDetails = settlement.extend({
  lots: z.array(settlementLot),
  /**
   * Of the beneficiaries' share (farmer- and buyer-paid), what is the union's own income (#16):
   * posted as levy income at approval, never a payment line. Null for AMCOS users.
   */
  unionIncome: money.nullable(),
});
export type SettlementDetails = z.infer<typeof settlementDetails>;

export const settlementListQuery = listQuery.extend({
  status: z.enum(['draft', 'approved', 'cancelled']).optional(),
});
export const settlementList = paged(settlement);
export const cancelSettlementBody = z.object({ reason: requiredText('Give the reason', 300) });

/** A farmer's share of one settled lot. */
export const settlementFarmerRow = settlementFarmerLine.extend({
  lotId: uuid,
  lotNo: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
});
export type SettlementFarmerRow = z.infer<typeof settlementFarmerRow>;
export const settlementFarmerList = paged(settlementFarmerRow);
