import { z } from 'zod';
import { listQuery, paged, uuid } from '../common.ts';
import { decimalField, isoDate, optionalText, requiredText } from '../fields.ts';

export const INPUT_REQUEST_STATUSES = [
  'pending',
  'amcos_approved',
  'approved',
  'rejected',
  'distributed',
] as const;
export const inputRequestStatus = z.enum(INPUT_REQUEST_STATUSES);
export type InputRequestStatus = z.infer<typeof inputRequestStatus>;

export const inputQuantityField = decimalField(3, 'a quantity');

export const inputRequestLine = z.object({
  id: uuid,
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  /** BOQ quantity per acre x the farm's acres, when the BOQ names the item. */
  suggestedQuantity: z.string().nullable(),
  quantity: z.string(),
  creditPrice: z.string(),
  /** quantity x credit price, to the cent: the inputs' value at the credit price, not the loan. */
  creditValue: z.string(),
  /** The farmer's credit limit for the item in the season, and what other requests already use. */
  creditLimit: z.string(),
  usedElsewhere: z.string(),
  overLimit: z.boolean(),
});
export type InputRequestLine = z.infer<typeof inputRequestLine>;

export const inputRequest = z.object({
  id: uuid,
  requestNo: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  farmerPhone: z.string().nullable(),
  amcosId: uuid,
  amcosName: z.string(),
  seasonCropId: uuid,
  seasonId: uuid,
  seasonName: z.string(),
  cropName: z.string(),
  acres: z.string(),
  requestedOn: z.string(),
  status: inputRequestStatus,
  creditValue: z.string(),
  overLimit: z.boolean(),
  overrideReason: z.string().nullable(),
  notes: z.string().nullable(),
  createdBy: uuid.nullable(),
  amcosApprovedBy: uuid.nullable(),
  amcosApprovedAt: z.string().nullable(),
  unionApprovedBy: uuid.nullable(),
  unionApprovedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
});
export type InputRequest = z.infer<typeof inputRequest>;
export const inputRequestDetail = inputRequest.extend({
  lines: z.array(inputRequestLine),
  /** The distribution made from it, if any (not cancelled). */
  distributionId: uuid.nullable(),
  /**
   * What the distribution made of the credit value, once issued: the farmer's share (their loan on
   * credit, what they paid in cash) and the programme's subsidy; null before.
   */
  issued: z
    .object({
      distributionNo: z.string(),
      farmerAmount: z.string(),
      subsidyAmount: z.string(),
      loanNo: z.string().nullable(),
    })
    .nullable(),
});
export type InputRequestDetail = z.infer<typeof inputRequestDetail>;

export const inputRequestLineBody = z.object({
  itemId: z.uuid('Choose the item'),
  quantity: inputQuantityField,
});
export const createInputRequestBody = z.object({
  farmerId: z.uuid('Choose the farmer'),
  seasonCropId: z.uuid('Choose the season crop'),
  requestedOn: isoDate.optional(),
  lines: z.array(inputRequestLineBody).min(1, 'Add at least one item').max(50),
  /** Required when the request goes over the farmer's credit limit; the approvers approve it. */
  overrideReason: optionalText(300),
  notes: optionalText(300),
});
export type CreateInputRequestBody = z.input<typeof createInputRequestBody>;

/** What the form shows before saving: acres, BOQ quantities, prices and the limit per item. */
export const inputRequestSuggestionQuery = z.object({
  farmer_id: z.uuid('Choose the farmer'),
  season_crop_id: z.uuid('Choose the season crop'),
});
export const inputRequestSuggestion = z.object({
  acres: z.string(),
  boqName: z.string().nullable(),
  lines: z.array(inputRequestLine.omit({ id: true }).extend({ quantity: z.string() })),
});
export type InputRequestSuggestion = z.infer<typeof inputRequestSuggestion>;

export const inputRequestListQuery = listQuery.extend({
  status: inputRequestStatus.optional(),
  amcos_id: uuid.optional(),
  season_id: uuid.optional(),
  farmer_id: uuid.optional(),
});
export type InputRequestListQuery = z.infer<typeof inputRequestListQuery>;
export const inputRequestList = paged(inputRequest);

export const rejectInputRequestBody = z.object({
  reason: requiredText('Give the reason for rejecting', 300),
});

/** Approves every request the filter matches at the caller's level (AMCOS manager or union). */
export const bulkApproveBody = z.object({
  status: z.enum(['pending', 'amcos_approved']),
  amcos_id: uuid.optional(),
  season_id: uuid.optional(),
  search: z.string().trim().max(100).optional(),
  /** Leave out over-limit requests unless asked (their overrides need a look each). */
  includeOverLimit: z.boolean().default(false),
});
export type BulkApproveBody = z.input<typeof bulkApproveBody>;
export const bulkApproveReply = z.object({
  message: z.string(),
  approved: z.number(),
  /** Requests the filter matched that this user may not approve (their own). */
  skippedOwn: z.number(),
});

export const INPUT_REQUEST_IMPORT_COLUMNS = [
  'farmer_no',
  'item_code',
  'quantity',
  'override_reason',
] as const;
export const inputRequestImportRowError = z.object({ row: z.number(), errors: z.array(z.string()) });
export const inputRequestImportResult = z.object({
  message: z.string(),
  created: z.number(),
  skipped: z.array(inputRequestImportRowError),
});
export type InputRequestImportResult = z.infer<typeof inputRequestImportResult>;
