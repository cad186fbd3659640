import type { SettlementSelection } from '@ushirika/contracts';
import {
  isRuleValidOn,
  type LotSettlement,
  type LotToSettle,
  ruleInput,
  type SettlementRule,
  type SettlementTotals,
  type SharesRule,
  settleLots,
  transportByLot,
} from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { outstandingLoans } from '../loans/queries.ts';

/** A paid, unsettled lot as settlement reads it: the lot, its sale and its AMCOS's council. */
const paidLot = z.object({
  lotId: z.string(),
  lotNo: z.string(),
  whrNo: z.string(),
  amcosId: z.string(),
  amcosName: z.string(),
  councilId: z.string().nullable(),
  seasonCropId: z.string(),
  gradeId: z.string(),
  bags: z.number(),
  invoiceId: z.string(),
  auctionId: z.string().nullable(),
  invoiceDate: z.string(),
  kg: z.string(),
  pricePerKg: z.string(),
});
export type PaidLot = z.infer<typeof paidLot>;

export type ComputedSettlement = {
  lots: (LotSettlement & { lot: PaidLot })[];
  totals: SettlementTotals;
  farmerCount: number;
  /** Loan balances used, per farmer (loan id, outstanding before). */
  loans: Map<string, { loanId: string; outstanding: string }[]>;
};

/** A farmer line's figures: what create stores per line and preview adds up per farmer. */
export const FARMER_FIGURES = [
  'kg',
  'grossShare',
  'deductions',
  'owed',
  'loanRecovery',
  'memberShares',
  'net',
] as const;
export type FarmerFigure = (typeof FARMER_FIGURES)[number];

/** One empty list per farmer figure, to gather the lines' values into. */
export const farmerFigureLists = () =>
  Object.fromEntries(FARMER_FIGURES.map((k) => [k, [] as string[]])) as Record<FarmerFigure, string[]>;

const memberRow = z.object({ farmerId: z.string(), amcosId: z.string(), unpaid: z.string() });

/**
 * The farmers' memberships of their AMCOS with unpaid shares (#32); `lock` (approval) takes the
 * members' rows, so a cash payment of the same shares waits for the settlement.
 */
export async function unpaidShares(db: DbOrTx, farmerIds: string[], lock = false) {
  const rows = await queryRows(
    db,
    memberRow,
    sql`select farmer_id as "farmerId", amcos_id as "amcosId", (shares_subscribed - shares_paid)::text as unpaid
        from members where farmer_id = any(${uuidArray(farmerIds)}) and amcos_id is not null
          and shares_paid < shares_subscribed
        order by farmer_id ${lock ? sql`for update` : sql``}`,
  );
  return new Map(rows.map((r) => [r.farmerId, { amcosId: r.amcosId, unpaid: r.unpaid }]));
}

/** A lot's member-shares or AMCOS-shares rule (#32): the one valid on the sale date, first by order. */
function sharesRuleOf(
  forLot: z.infer<typeof ruleRow>[],
  kind: 'member_shares' | 'amcos_shares',
  on: string,
): SharesRule | null {
  const rule = forLot
    .filter((r) => r.kind === kind && isRuleValidOn(r, on))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))[0];
  return rule ? { ruleId: rule.id, name: rule.name, percent: rule.rate } : null;
}

/** The AMCOS' unpaid shares in the union (#32), by the AMCOS's id: the union's register. */
export async function unpaidUnionShares(db: DbOrTx, amcosIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows(
    db,
    z.object({ amcosId: z.string(), unpaid: z.string() }),
    sql`select member_amcos_id as "amcosId", (shares_subscribed - shares_paid)::text as unpaid
        from members where amcos_id is null and member_amcos_id = any(${uuidArray(amcosIds)})
          and shares_paid < shares_subscribed`,
  );
  return new Map(rows.map((r) => [r.amcosId, r.unpaid]));
}

export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A lot's or a run's split under its column and contract names (the AMCOS share is `amcosShare`). */
export function splitAmounts(split: SettlementTotals) {
  return {
    gross: split.gross,
    beneficiaries: split.beneficiaries,
    transporters: split.transporters,
    amcosShare: split.amcos,
    farmersNet: split.farmersNet,
    loanRecovery: split.loanRecovery,
    buyerLevies: split.buyerLevies,
    memberShares: split.memberShares,
    amcosShares: split.amcosShares,
  };
}

/**
 * The lots a selection names that are sold, whose invoice is fully paid, and that are in no live
 * settlement. A lot is paid when the (not cancelled) invoice carrying it is `paid`.
 * `lock` takes the lots' row locks (create): a second officer settling the same lots waits, then
 * finds them taken.
 */
export async function paidUnsettledLots(
  db: DbOrTx,
  selection: SettlementSelection,
  options: { lock?: boolean } = {},
): Promise<PaidLot[]> {
  const filters = [
    selection.auctionId ? sql`and si.auction_id = ${selection.auctionId}` : sql``,
    selection.amcosId ? sql`and l.amcos_id = ${selection.amcosId}` : sql``,
    selection.lotIds?.length ? sql`and l.id = any(${uuidArray(selection.lotIds)})` : sql``,
  ];
  return queryRows(
    db,
    paidLot,
    sql`
      select l.id as "lotId", l.lot_no as "lotNo", l.whr_no as "whrNo", l.amcos_id as "amcosId",
        a.name as "amcosName", a.council_id as "councilId", l.season_crop_id as "seasonCropId",
        l.grade_id as "gradeId", l.bags, si.id as "invoiceId", si.auction_id as "auctionId",
        si.invoice_date::text as "invoiceDate", il.kg::text as kg, il.price_per_kg::text as "pricePerKg"
      from lots l
      join sales_invoice_lines il on il.lot_id = l.id and il.kind = 'lot'
      join sales_invoices si on si.id = il.invoice_id and si.status = 'paid'
      join amcos a on a.id = l.amcos_id
      where not exists (select 1 from settlement_lots sl where sl.lot_id = l.id and sl.live)
        ${filters[0]} ${filters[1]} ${filters[2]}
      order by l.lot_no, l.id
      ${options.lock ? sql`for update of l` : sql``}`,
  );
}

const ruleRow = z.object({
  id: z.string(),
  seasonCropId: z.string(),
  gradeId: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['levy', 'member_shares', 'amcos_shares']),
  recipient: z.enum(['beneficiary', 'amcos', 'transporter']),
  beneficiaryId: z.string().nullable(),
  beneficiaryKind: z.string().nullable(),
  payer: z.enum(['farmer', 'buyer']),
  basis: z.enum(['per_kg', 'percent_of_gross', 'per_bag', 'fixed']),
  rate: z.string(),
  minimum: z.string().nullable(),
  maximum: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  order: z.number(),
});
const councilRow = z.object({ id: z.string(), councilId: z.string() });
const sourceRow = z.object({
  lotId: z.string(),
  dnId: z.string(),
  collectedKg: z.string(),
  transporterId: z.string().nullable(),
  charge: z.string(),
});
const collectionRow = z.object({ lotId: z.string(), farmerId: z.string(), kg: z.string() });

/** What settling the lots reads, one query after another (`db` may be the caller's transaction). */
async function readSettlementFacts(db: DbOrTx, paid: PaidLot[]) {
  const lotIds = paid.map((l) => l.lotId);
  const seasonCropIds = [...new Set(paid.map((l) => l.seasonCropId))];
  const rules = await queryRows(
    db,
    ruleRow,
    sql`
      select r.id, r.season_crop_id as "seasonCropId", r.grade_id as "gradeId", r.name, r.kind, r.recipient,
        r.beneficiary_id as "beneficiaryId", b.kind as "beneficiaryKind", r.payer, r.basis,
        r.rate::text as rate, r.minimum::text as minimum, r.maximum::text as maximum,
        r.valid_from::text as "validFrom", r.valid_to::text as "validTo", r.sort_order as "order"
      from deduction_rules r left join beneficiaries b on b.id = r.beneficiary_id
      where r.season_crop_id = any(${uuidArray(seasonCropIds)})`,
  );
  const councilRows = await queryRows(
    db,
    councilRow,
    sql`
      select distinct on (council_id) id, council_id as "councilId" from beneficiaries
      where kind = 'council' and active and council_id is not null
      order by council_id, name`,
  );
  // Each delivery note the lots came from, with every lot of that note (to share its charge).
  const sources = await queryRows(
    db,
    sourceRow,
    sql`
      select s.lot_id as "lotId", s.delivery_note_id as "dnId", s.collected_kg::text as "collectedKg",
        dn.transporter_id as "transporterId", coalesce(dn.transport_charge, 0)::text as charge
      from lot_sources s join delivery_notes dn on dn.id = s.delivery_note_id
      where s.delivery_note_id in (select delivery_note_id from lot_sources where lot_id = any(${uuidArray(lotIds)}))
      order by s.delivery_note_id, s.lot_id`,
  );
  const collectionRows = await queryRows(
    db,
    collectionRow,
    sql`
      select lot_id as "lotId", farmer_id as "farmerId", net_kg::text as kg
      from collections where lot_id = any(${uuidArray(lotIds)}) and status <> 'cancelled'
      order by lot_id, collected_on, id`,
  );
  const collectionsOf = new Map<string, { farmerId: string; kg: string }[]>();
  for (const c of collectionRows) {
    const list = collectionsOf.get(c.lotId) ?? [];
    list.push({ farmerId: c.farmerId, kg: c.kg });
    collectionsOf.set(c.lotId, list);
  }
  return {
    rules,
    councilBeneficiary: new Map(councilRows.map((r) => [r.councilId, r.id])),
    transportOf: transportByLot(sources),
    collectionsOf,
  };
}

/** One lot as the domain settles it: its rules (cess routed to its council), carriers and farmers. */
function lotToSettle(lot: PaidLot, facts: Awaited<ReturnType<typeof readSettlementFacts>>): LotToSettle {
  const forLot = facts.rules.filter(
    (r) => r.seasonCropId === lot.seasonCropId && (!r.gradeId || r.gradeId === lot.gradeId),
  );
  const applicable = forLot.filter((r) => r.kind === 'levy');
  const hasTransporterRule = applicable.some((r) => r.recipient === 'transporter');
  const transporters = (facts.transportOf.get(lot.lotId) ?? []).map((t) => ({
    ...t,
    // A transporter rule pays the carriers; the notes' charges are then not charged again.
    charge: hasTransporterRule ? '0' : t.charge,
  }));
  const settlementRules: SettlementRule[] = applicable.map((r) => {
    const common = ruleInput(r);
    if (r.recipient === 'beneficiary') {
      // Cess goes to the council of the lot's AMCOS when that council is a beneficiary.
      const routed =
        r.beneficiaryKind === 'council' && lot.councilId
          ? facts.councilBeneficiary.get(lot.councilId)
          : undefined;
      return { ...common, recipient: 'beneficiary', beneficiaryId: routed ?? (r.beneficiaryId as string) };
    }
    return { ...common, recipient: r.recipient };
  });
  if (hasTransporterRule && transporters.length === 0)
    throw new ValidationError(
      `Lot ${lot.lotNo} has a transport deduction but no delivery note with a transporter`,
    );
  const collections = facts.collectionsOf.get(lot.lotId) ?? [];
  if (collections.length === 0)
    throw new ValidationError(`Lot ${lot.lotNo} has no farmers' collections: its farmers cannot be paid`);
  return {
    lotId: lot.lotId,
    amcosId: lot.amcosId,
    kg: lot.kg,
    bags: lot.bags,
    pricePerKg: lot.pricePerKg,
    on: lot.invoiceDate,
    rules: settlementRules,
    transporters,
    collections,
    sharesRule: sharesRuleOf(forLot, 'member_shares', lot.invoiceDate),
    amcosSharesRule: sharesRuleOf(forLot, 'amcos_shares', lot.invoiceDate),
  };
}

/**
 * Reads everything the lots' settlement needs (rules, councils, transporters and their charges,
 * the farmers' collections, the farmers' outstanding loans) and settles them with the domain's
 * `settleLots`, in stages: the facts → each lot's inputs → loans and unpaid shares → settle.
 * Nothing is written.
 */
export async function computeSettlement(
  db: DbOrTx,
  paid: PaidLot[],
  options: { lockLoans?: boolean } = {},
): Promise<ComputedSettlement> {
  if (paid.length === 0) throw new ValidationError('No paid and unsettled lots match this selection');
  const facts = await readSettlementFacts(db, paid);
  const inputs = paid.map((lot) => lotToSettle(lot, facts));
  const farmerIds = [...new Set(inputs.flatMap((l) => l.collections.map((c) => c.farmerId)))];
  const loans = await outstandingLoans(db, farmerIds, { lock: options.lockLoans });
  const members = inputs.some((l) => l.sharesRule) ? await unpaidShares(db, farmerIds) : new Map();
  const union = inputs.some((l) => l.amcosSharesRule)
    ? await unpaidUnionShares(db, [...new Set(inputs.map((l) => l.amcosId))])
    : new Map<string, string>();
  const run = settleLots(inputs, loans, members, union);
  return {
    lots: run.lots.map((s, i) => ({ ...s, lot: paid[i] as PaidLot })),
    totals: run.totals,
    farmerCount: farmerIds.length,
    loans,
  };
}
