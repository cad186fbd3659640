import {
  type Settlement,
  type SettlementDetails,
  type SettlementFarmerRow,
  type SettlementLot,
  settlementFarmerRow,
  settlementLot,
} from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import { ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, pageOf, sqlPageOf } from '../../../platform/list.ts';
import { settlements } from '../schema.ts';
import { uuidArray } from './compute-settlement.ts';
import { unionIncomeOf } from './post-union-income.ts';

const iso = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v.toISOString() : v);

function toSettlement(r: typeof settlements.$inferSelect): Settlement {
  return {
    id: r.id,
    settlementNo: r.settlementNo,
    settledOn: r.settledOn,
    status: r.status,
    auctionId: r.auctionId,
    amcosId: r.amcosId,
    remarks: r.remarks,
    journalEntryId: r.journalEntryId,
    createdBy: r.createdBy,
    approvedBy: r.approvedBy,
    approvedAt: iso(r.approvedAt),
    createdAt: iso(r.createdAt) as string,
    lotCount: r.lotCount,
    farmerCount: r.farmerCount,
    gross: r.gross,
    beneficiaries: r.beneficiaries,
    transporters: r.transporters,
    amcosShare: r.amcosShare,
    farmersNet: r.farmersNet,
    loanRecovery: r.loanRecovery,
    buyerLevies: r.buyerLevies,
    memberShares: r.memberShares,
    amcosShares: r.amcosShares,
  };
}

export async function listSettlements(
  db: DbOrTx,
  filters: { status?: 'draft' | 'approved' | 'cancelled'; search?: string },
  page: PageWindow,
) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(settlements.status, filters.status));
  if (filters.search) conditions.push(eq(settlements.settlementNo, filters.search.trim().toUpperCase()));
  const { rows, total } = await pageOf(db, () => db.select().from(settlements).$dynamic(), {
    where: conditions.length ? and(...conditions) : undefined,
    order: [desc(settlements.createdAt), desc(settlements.id)],
    window: page,
  });
  return { rows: rows.map(toSettlement), total };
}

/** A settlement with each lot's split; an AMCOS user (society) sees only their own lots. */
export async function getSettlement(
  db: DbOrTx,
  id: string,
  society: string | null = null,
): Promise<SettlementDetails> {
  const [row] = await db.select().from(settlements).where(eq(settlements.id, id));
  if (!row) throw new NotFoundError('Settlement not found');
  const lotRows = await queryRows(
    db,
    lotRow,
    sql`select ${lotColumns} from ${lotsFrom} where sl.settlement_id = ${id} ${society ? sql`and sl.amcos_id = ${society}` : sql``}
        order by l.lot_no, sl.id`,
  );
  if (society && lotRows.length === 0) throw new ForbiddenError('This record belongs to another society');
  const own = society
    ? {
        lotCount: lotRows.length,
        gross: sum(lotRows.map((l) => l.gross)).toFixed(2),
        beneficiaries: sum(lotRows.map((l) => l.beneficiaries)).toFixed(2),
        transporters: sum(lotRows.map((l) => l.transporters)).toFixed(2),
        amcosShare: sum(lotRows.map((l) => l.amcosShare)).toFixed(2),
        farmersNet: sum(lotRows.map((l) => l.farmersNet)).toFixed(2),
        loanRecovery: sum(lotRows.map((l) => l.loanRecovery)).toFixed(2),
        buyerLevies: sum(lotRows.map((l) => l.buyerLevies)).toFixed(2),
        memberShares: sum(lotRows.map((l) => l.memberShares)).toFixed(2),
        amcosShares: sum(lotRows.map((l) => l.amcosShares)).toFixed(2),
        farmerCount: sum(lotRows.map((l) => String(l.farmerCount))).toNumber(),
      }
    : {};
  return {
    ...toSettlement(row),
    ...own,
    unionIncome: society ? null : await unionIncomeShown(db, row),
    lots: await withDeductions(db, id, lotRows),
  };
}

/**
 * A page of a settlement's lots with their splits (issue #20: a settlement of 79 lots was one long
 * page), by lot number; a search finds a lot or WHR number. An AMCOS user sees their own lots only.
 */
export async function settlementLots(
  db: DbOrTx,
  settlementId: string,
  society: string | null,
  search: string | undefined,
  page: PageWindow,
): Promise<{ rows: SettlementLot[]; total: number }> {
  const [row] = await db
    .select({ id: settlements.id })
    .from(settlements)
    .where(eq(settlements.id, settlementId));
  if (!row) throw new NotFoundError('Settlement not found');
  const own = society ? sql`and sl.amcos_id = ${society}` : sql``;
  if (society) {
    const [mine] = await queryRows(
      db,
      countRow,
      sql`select count(*)::int as n from settlement_lots sl where sl.settlement_id = ${settlementId} ${own}`,
    );
    if (!mine?.n) throw new ForbiddenError('This record belongs to another society');
  }
  const term = search?.trim().toUpperCase();
  const where = sql`sl.settlement_id = ${settlementId} ${own}
    ${term ? sql`and (upper(l.lot_no) = ${term} or upper(l.whr_no) = ${term})` : sql``}`;
  const { rows, total } = await sqlPageOf(db, lotRow, {
    columns: lotColumns,
    from: lotsFrom,
    // The AMCOS join only adds its name: the count reads the lots.
    counted: sql`settlement_lots sl join lots l on l.id = sl.lot_id`,
    where,
    order: [sql`l.lot_no`, sql`sl.id`],
    window: page,
  });
  return { rows: await withDeductions(db, settlementId, rows), total };
}

const lotRow = settlementLot.omit({ deductions: true }).extend({ id: z.string() });
type LotRow = z.infer<typeof lotRow>;

const lotColumns = sql`sl.id, sl.lot_id as "lotId", l.lot_no as "lotNo", l.whr_no as "whrNo",
    sl.amcos_id as "amcosId", a.name as "amcosName", sl.kg::text as kg, sl.collected_kg::text as "collectedKg",
    sl.price_per_kg::text as "pricePerKg", sl.gross::text as gross, sl.beneficiaries::text as beneficiaries,
    sl.transporters::text as transporters, sl.amcos_share::text as "amcosShare",
    sl.farmers_net::text as "farmersNet", sl.loan_recovery::text as "loanRecovery",
    sl.buyer_levies::text as "buyerLevies", sl.member_shares::text as "memberShares",
    sl.amcos_shares::text as "amcosShares",
    (select count(*)::int from settlement_farmers sf where sf.settlement_lot_id = sl.id) as "farmerCount"`;
const lotsFrom = sql`settlement_lots sl join lots l on l.id = sl.lot_id join amcos a on a.id = sl.amcos_id`;

const deductionRow = z.object({
  settlementLotId: z.string(),
  name: z.string(),
  payer: z.enum(['farmer', 'buyer']),
  partyType: z.enum(['amcos', 'beneficiary', 'transporter']),
  partyId: z.string(),
  amount: z.string(),
});

/** The lots with their deduction lines grouped by rule and payee. */
async function withDeductions(db: DbOrTx, settlementId: string, lotRows: LotRow[]): Promise<SettlementLot[]> {
  const lineIds = lotRows.map((l) => l.id);
  const deductions = await queryRows(
    db,
    deductionRow,
    sql`select settlement_lot_id as "settlementLotId", name, payer, party_type as "partyType",
          party_id as "partyId", amount::text as amount
        from settlement_deductions where settlement_id = ${settlementId}
          and settlement_lot_id = any(${uuidArray(lineIds)})
        order by settlement_lot_id, id`,
  );
  const names = await partyNames(
    db,
    deductions.map((d) => ({ type: d.partyType, id: d.partyId })),
  );
  const byLot = new Map<string, typeof deductions>();
  for (const d of deductions) byLot.set(d.settlementLotId, [...(byLot.get(d.settlementLotId) ?? []), d]);
  return lotRows.map(({ id: lotLineId, ...l }) => ({
    ...l,
    deductions: groupDeductions(byLot.get(lotLineId) ?? [], names),
  }));
}

/** Each farmer's share of each lot of a settlement, by farmer number; an AMCOS user's own only. */
export async function settlementFarmers(
  db: DbOrTx,
  settlementId: string,
  society: string | null,
  search: string | undefined,
  page: PageWindow,
): Promise<{ rows: SettlementFarmerRow[]; total: number }> {
  const where = sql`sf.settlement_id = ${settlementId}
    ${society ? sql`and sf.amcos_id = ${society}` : sql``}
    ${search ? sql`and f.farmer_no = ${search.trim().toUpperCase()}` : sql``}`;
  return sqlPageOf(db, settlementFarmerRow, {
    columns: sql`sf.farmer_id as "farmerId", f.farmer_no as "farmerNo",
      concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
      sf.kg::text as kg, sf.gross_share::text as "grossShare", sf.deductions::text as deductions,
      sf.owed::text as owed, sf.loan_recovery::text as "loanRecovery",
      sf.member_shares::text as "memberShares", sf.net::text as net,
      sf.lot_id as "lotId", l.lot_no as "lotNo", sf.amcos_id as "amcosId", a.name as "amcosName"`,
    from: sql`settlement_farmers sf join farmers f on f.id = sf.farmer_id
      join lots l on l.id = sf.lot_id join amcos a on a.id = sf.amcos_id`,
    // The lot and AMCOS joins only add names: the count reads the shares and their farmers.
    counted: sql`settlement_farmers sf join farmers f on f.id = sf.farmer_id`,
    where,
    order: [sql`f.farmer_no`, sql`l.lot_no`],
    window: page,
  });
}

/** The names of beneficiaries, transporters and AMCOS by id. */
export async function partyNames(
  db: DbOrTx,
  parties: { type: 'amcos' | 'beneficiary' | 'transporter'; id: string }[],
): Promise<Map<string, string>> {
  const ids = (type: string) => [...new Set(parties.filter((p) => p.type === type).map((p) => p.id))];
  const names = new Map<string, string>();
  const [b, t, a] = [ids('beneficiary'), ids('transporter'), ids('amcos')];
  const rows = await queryRows(
    db,
    z.object({ id: z.string(), name: z.string() }),
    sql`select id, name from beneficiaries where id = any(${uuidArray(b)})
        union all select id, name from transporters where id = any(${uuidArray(t)})
        union all select id, name from amcos where id = any(${uuidArray(a)})`,
  );
  for (const r of rows) names.set(r.id, r.name);
  return names;
}

/** Grouped deduction lines of a lot: one per rule name, payer and payee. */
export function groupDeductions(
  lines: {
    name: string;
    payer: 'farmer' | 'buyer';
    partyType: 'amcos' | 'beneficiary' | 'transporter';
    partyId: string;
    amount: string;
  }[],
  names: Map<string, string>,
): SettlementLot['deductions'] {
  return lines.map((l) => ({ ...l, partyName: names.get(l.partyId) ?? '' }));
}

/**
 * The union's own income of a settlement: what approval posted (its Collection entry), for a draft
 * what the beneficiaries marked as union income now would take, nothing for a cancelled one.
 */
async function unionIncomeShown(db: DbOrTx, row: typeof settlements.$inferSelect): Promise<string> {
  if (row.status === 'draft') return unionIncomeOf(db, row.id);
  if (row.status === 'cancelled') return '0.00';
  const [posted] = await queryRows(
    db,
    z.object({ amount: z.string() }),
    sql`select coalesce(sum(total), 0)::numeric(16,2)::text as amount from journal_entries
        where source_type = 'settlement_union_income' and source_id = ${row.id} and book = 'collection'`,
  );
  return posted?.amount ?? '0.00';
}
