import { z } from 'zod';
import { uuid } from '../common.ts';

/** Payment reports (/reports/auction/...). */

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
