import { z } from 'zod';

/** `GET /api/dashboard/season`: the season at a glance for the caller's scope. */
export const dashboardQuery = z.object({
  /** Defaults to the open season. */
  season_id: z.uuid().optional(),
  /** Union users only; an AMCOS user is always confined to their own society. */
  amcos_id: z.uuid().optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const kgRow = z.object({ id: z.string().nullable(), name: z.string(), kg: z.string() });
const lotBucket = z.object({ count: z.number(), kg: z.string() });
/**
 * Payment-line money per kind of payable (2 dp). Beneficiaries and transporters are union-wide:
 * null for an AMCOS user and for a union user's AMCOS filter; the total is of the figures given.
 */
const partyMoney = z.object({
  farmers: z.string(),
  amcos: z.string(),
  beneficiaries: z.string().nullable(),
  transporters: z.string().nullable(),
  total: z.string(),
});

export const dashboardReply = z.object({
  /** Null when there is no open season (and none was asked for). */
  season: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  seasons: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
  scope: z.object({ amcosId: z.string().nullable() }),
  collectedKg: z.string(),
  stockKg: z.string(),
  /** Per crop, heaviest first. */
  byCrop: z.array(kgRow),
  /** Top 10 AMCOS, then one row `id: null` for the others. */
  byAmcos: z.array(kgRow),
  /** The last 30 days up to today, one row per day (zero days included). */
  byDay: z.array(z.object({ date: z.string(), kg: z.string() })),
  lots: z.object({
    in_store: lotBucket,
    catalogued: lotBucket,
    sold: lotBucket,
    released: lotBucket,
  }),
  /** Weighted average price per kg of the lots invoiced (invoices not cancelled), per crop. */
  avgPrice: z.array(
    z.object({ crop: z.string(), kg: z.string(), amount: z.string(), pricePerKg: z.string() }),
  ),
  /**
   * Buyers' money for this season's lots; union users only (null for an AMCOS user). `received` is
   * what receipts applied to these invoices; `unallocatedCredit` is what buyers paid and no invoice
   * has taken yet (all seasons): account 1201 holds the invoices less every receipt, so it differs
   * from `outstanding` by that credit and by other seasons' invoices.
   */
  money: z
    .object({
      invoiced: z.string(),
      received: z.string(),
      outstanding: z.string(),
      unallocatedCredit: z.string(),
    })
    .nullable(),
  /**
   * The payment lines of this season's approved settlements: `due` = pending or failed (a retried
   * line counts once, through its retry), `paidOut` = paid.
   */
  payables: z.object({ due: partyMoney, paidOut: partyMoney }),
});
export type DashboardReply = z.infer<typeof dashboardReply>;
