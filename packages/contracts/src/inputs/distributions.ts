import { z } from 'zod';
import { listQuery, paged, uuid } from '../common.ts';
import { isoDate, requiredText } from '../fields.ts';
import { inputQuantityField } from './requests.ts';

/** credit: owed as a loan; cash: paid now; free: the union bears the cost; subsidised: the farmer owes the subsidised price as a loan, the programme pays its share. */
export const DISTRIBUTION_KINDS = ['credit', 'cash', 'free', 'subsidised'] as const;
export const distributionKind = z.enum(DISTRIBUTION_KINDS);
export type DistributionKind = z.infer<typeof distributionKind>;
export const distributionStatus = z.enum(['issued', 'cancelled']);

export const distributionLine = z.object({
  id: uuid,
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  quantity: z.string(),
  /** What the farmer pays per unit for this kind (0 when free). */
  unitPrice: z.string(),
  farmerValue: z.string(),
  subsidyValue: z.string(),
  unitCost: z.string(),
  costValue: z.string(),
});

export const distribution = z.object({
  id: uuid,
  distributionNo: z.string(),
  requestId: uuid,
  requestNo: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  storeId: uuid,
  storeName: z.string(),
  seasonId: uuid,
  seasonName: z.string(),
  kind: distributionKind,
  distributedOn: z.string(),
  status: distributionStatus,
  farmerAmount: z.string(),
  subsidyAmount: z.string(),
  costValue: z.string(),
  margin: z.string(),
  loanId: uuid.nullable(),
  loanNo: z.string().nullable(),
  /** What the farmer still owes on this distribution's loan. */
  loanOutstanding: z.string().nullable(),
  loanRecovered: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Distribution = z.infer<typeof distribution>;
export const distributionDetail = distribution.extend({ lines: z.array(distributionLine) });
export type DistributionDetail = z.infer<typeof distributionDetail>;

export const createDistributionBody = z.object({
  requestId: z.uuid('Choose an approved request'),
  storeId: z.uuid('Choose the store'),
  kind: distributionKind,
  distributedOn: isoDate.optional(),
  /** Quantities given, at most the approved ones; left out: all of the request. */
  lines: z
    .array(z.object({ itemId: z.uuid('Choose the item'), quantity: inputQuantityField }))
    .max(50)
    .optional(),
});
export type CreateDistributionBody = z.input<typeof createDistributionBody>;

export const cancelDistributionBody = z.object({
  reason: requiredText('Give the reason for cancelling', 300),
});

export const distributionListQuery = listQuery.extend({
  status: distributionStatus.optional(),
  kind: distributionKind.optional(),
  amcos_id: uuid.optional(),
  season_id: uuid.optional(),
  farmer_id: uuid.optional(),
});
export const distributionList = paged(distribution);

/**
 * /reports/distributions: one row per item, AMCOS, farmer, season and kind, paged as every list
 * (`page`, `per_page`, `search` over item, AMCOS and farmer); always in item, AMCOS, farmer, kind
 * order (no `sort`). `format` xlsx or pdf gives the whole filtered report as a file.
 */
export const distributionReportQuery = listQuery.omit({ sort: true }).extend({
  season_id: z.uuid('Choose the season'),
  amcos_id: uuid.optional(),
  kind: distributionKind.optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
export const distributionReportRow = z.object({
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  amcosName: z.string(),
  farmerNo: z.string(),
  farmerName: z.string(),
  kind: distributionKind,
  quantity: z.string(),
  farmerValue: z.string(),
  subsidyValue: z.string(),
  costValue: z.string(),
});
export const recoveryRow = z.object({
  amcosId: uuid,
  amcosName: z.string(),
  farmers: z.number(),
  given: z.string(),
  recovered: z.string(),
  outstanding: z.string(),
  /** Farmers owing something who have had no crop money settled in the season yet. */
  farmersWithNothingToRecoverFrom: z.number(),
});
/**
 * A page of the report's rows (the list reply: `data` and `meta`), with the recovery per AMCOS and
 * the grand totals over the whole filter, not the page.
 */
export const distributionReport = paged(distributionReportRow).extend({
  seasonName: z.string(),
  recovery: z.array(recoveryRow),
  totals: z.object({
    quantity: z.string(),
    farmerValue: z.string(),
    subsidyValue: z.string(),
    costValue: z.string(),
  }),
});
export type DistributionReport = z.infer<typeof distributionReport>;

/** The stores of the request's AMCOS, with what each holds of the request's items. */
export const distributionStoresQuery = z.object({ request_id: z.uuid('Choose the request') });
export const distributionStores = z.object({
  data: z.array(
    z.object({
      id: uuid,
      name: z.string(),
      stock: z.array(z.object({ itemId: uuid, quantity: z.string() })),
    }),
  ),
});
export type DistributionStore = z.infer<typeof distributionStores>['data'][number];
