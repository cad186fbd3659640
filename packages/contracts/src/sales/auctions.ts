import { z } from 'zod';
import { listQuery } from '../common.ts';
import { amountField, isoDate, optionalText, requiredText } from '../fields.ts';

/** Auctions (issue 6): a catalogue of lots in store, results per lot, societies' decisions, close. */
export const AUCTION_STATUSES = ['draft', 'catalogued', 'results', 'closed'] as const;
export const AUCTION_PLATFORMS = ['tmx_online', 'bid_box', 'open'] as const;
export const AUCTION_RESULTS = ['bid', 'no_bid', 'withdrawn'] as const;
export const AUCTION_DECISIONS = ['accept', 'reject'] as const;

export const auctionStatus = z.enum(AUCTION_STATUSES);
export const auctionPlatform = z.enum(AUCTION_PLATFORMS, 'Choose the platform');
export const auctionResult = z.enum(AUCTION_RESULTS);
export const auctionDecision = z.enum(AUCTION_DECISIONS, 'Choose accept or reject');

/** A price per kg: positive, at most 2 decimals. */
const pricePerKg = amountField;

export const createAuctionBody = z.object({
  seasonCropId: z.uuid('Choose the season crop'),
  auctionDate: isoDate,
  platform: auctionPlatform,
  venue: optionalText(120),
});
export type CreateAuctionBody = z.infer<typeof createAuctionBody>;

export const auction = z.object({
  id: z.string(),
  auctionNo: z.string(),
  auctionDate: z.string(),
  seasonCropId: z.string(),
  seasonName: z.string(),
  cropName: z.string(),
  platform: auctionPlatform,
  venue: z.string().nullable(),
  status: auctionStatus,
  lotCount: z.number(),
  netKg: z.string(),
  soldKg: z.string(),
  /** Sum over sold (or, before close, accepted) lots of net kg x price. */
  soldAmount: z.string(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Auction = z.infer<typeof auction>;

export const auctionListQuery = listQuery.extend({
  status: auctionStatus.optional(),
  season_crop_id: z.uuid().optional(),
});

/** What a catalogue shows of a lot: its numbers, society, warehouse, grade, bags and net kg. */
const lotFacts = {
  lotNo: z.string(),
  whrNo: z.string(),
  amcosId: z.string(),
  amcosName: z.string(),
  warehouseId: z.string(),
  warehouseName: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  bags: z.number(),
  netKg: z.string(),
};

/** One lot of the catalogue, with its result and decision. */
export const auctionLot = z.object({
  id: z.string(),
  lotId: z.string(),
  ...lotFacts,
  reservePrice: z.string(),
  result: auctionResult.nullable(),
  buyerId: z.string().nullable(),
  buyerName: z.string().nullable(),
  bidCode: z.string().nullable(),
  pricePerKg: z.string().nullable(),
  belowReserveConfirmed: z.boolean(),
  /** net kg x price, to the cent; null without a bid. */
  amount: z.string().nullable(),
  decision: auctionDecision.nullable(),
  decisionFormRef: z.string().nullable(),
  outcome: z.enum(['sold', 'returned']).nullable(),
  invoiceId: z.string().nullable(),
});
export type AuctionLot = z.infer<typeof auctionLot>;

/** Lots in store that may be catalogued, with filters. */
export const availableLotsQuery = z.object({
  amcos_id: z.uuid().optional(),
  grade_id: z.uuid().optional(),
  warehouse_id: z.uuid().optional(),
  search: z.string().trim().max(60).optional(),
});
export const availableLot = z.object({
  id: z.string(),
  ...lotFacts,
});
export type AvailableLot = z.infer<typeof availableLot>;

const facet = z.object({ id: z.string(), name: z.string(), lots: z.number() });
/** What the catalogue builder's filters offer: who has lots in store, with how many. */
export const availableFacets = z.object({
  amcos: z.array(facet),
  grades: z.array(facet),
  warehouses: z.array(facet),
});
export type AvailableFacets = z.infer<typeof availableFacets>;

export const catalogueLotsBody = z.object({
  lots: z
    .array(z.object({ lotId: z.uuid('Not a valid lot'), reservePrice: amountField }))
    .min(1, 'Choose at least one lot')
    .max(2000, 'At most 2,000 lots at a time'),
});
export type CatalogueLotsBody = z.infer<typeof catalogueLotsBody>;

export const removeLotsBody = z.object({
  lotIds: z.array(z.uuid('Not a valid lot')).min(1, 'Choose at least one lot').max(2000),
});

/**
 * One lot's result: the highest bidder (by bid code or id) and price per kg, or no bid / withdrawn.
 * A price under the reserve needs `confirmBelowReserve`.
 */
export const resultRow = z.object({
  lotId: z.uuid('Not a valid lot'),
  result: auctionResult.default('bid'),
  bidCode: z.string().trim().max(40).nullish(),
  buyerId: z.uuid().nullish(),
  pricePerKg: pricePerKg.nullish(),
  confirmBelowReserve: z.boolean().default(false),
});
export type ResultRow = z.input<typeof resultRow>;
export const captureResultsBody = z.object({
  results: z.array(resultRow).min(1, 'Enter at least one result').max(2000),
});
export type CaptureResultsBody = z.infer<typeof captureResultsBody>;

export const decisionsBody = z.object({
  decisions: z
    .array(
      z.object({
        lotId: z.uuid('Not a valid lot'),
        decision: auctionDecision,
        formRef: requiredText('Enter the form reference', 60),
      }),
    )
    .min(1, 'Choose at least one lot')
    .max(2000),
});
export type DecisionsBody = z.infer<typeof decisionsBody>;

export const auctionDetail = auction.extend({
  publishedAt: z.string().nullable(),
  /** Counts over the lots the caller may see. */
  counts: z.object({
    lots: z.number(),
    withResult: z.number(),
    bids: z.number(),
    accepted: z.number(),
    rejected: z.number(),
    awaitingDecision: z.number(),
  }),
  invoices: z.array(
    z.object({ id: z.string(), invoiceNo: z.string(), buyerName: z.string(), total: z.string() }),
  ),
});
export type AuctionDetail = z.infer<typeof auctionDetail>;

export const auctionReply = z.object({ message: z.string(), data: auctionDetail });

/** Results import: the sheet has columns lot no, bid code, price. */
export const AUCTION_IMPORT_COLUMNS = ['lot_no', 'bid_code', 'price'] as const;
export const auctionImportPreview = z.object({
  rows: z.array(
    z.object({
      row: z.number(),
      lotNo: z.string(),
      bidCode: z.string(),
      price: z.string(),
      lotId: z.string().nullable(),
      buyerName: z.string().nullable(),
      belowReserve: z.boolean(),
      errors: z.array(z.string()),
    }),
  ),
  valid: z.number(),
  invalid: z.number(),
});
export type AuctionImportPreview = z.infer<typeof auctionImportPreview>;
export const auctionImportQuery = z.object({
  mode: z.enum(['preview', 'apply']).default('preview'),
  confirm_below_reserve: z.enum(['true', 'false']).default('false'),
});

/** Auction reports: a season crop and/or date range, or one auction. */
export const auctionReportQuery = z.object({
  auction_id: z.uuid().optional(),
  season_crop_id: z.uuid().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  buyer_id: z.uuid().optional(),
  warehouse_id: z.uuid().optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
export type AuctionReportQuery = z.infer<typeof auctionReportQuery>;

export const auctionPriceRow = z.object({
  auctionId: z.string(),
  auctionNo: z.string(),
  auctionDate: z.string(),
  gradeName: z.string(),
  lots: z.number(),
  kg: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  /** Sum of kg x price / sum of kg, to the cent. */
  averagePrice: z.string(),
  amount: z.string(),
});
export const soldLotRow = z.object({
  auctionNo: z.string(),
  auctionDate: z.string(),
  lotNo: z.string(),
  whrNo: z.string(),
  amcosName: z.string(),
  warehouseName: z.string(),
  gradeName: z.string(),
  buyerName: z.string(),
  bidCode: z.string(),
  bags: z.number(),
  kg: z.string(),
  pricePerKg: z.string(),
  amount: z.string(),
});
/** Totals per buyer (code: bid code) or per warehouse (code: licence number) per auction. */
export const groupTotalRow = z.object({
  auctionNo: z.string(),
  auctionDate: z.string(),
  name: z.string(),
  code: z.string(),
  lots: z.number(),
  kg: z.string(),
  averagePrice: z.string(),
  amount: z.string(),
});
export const auctionReportReply = z.object({
  data: z.object({
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    totals: z.object({ lots: z.number(), kg: z.string(), amount: z.string() }),
  }),
});
