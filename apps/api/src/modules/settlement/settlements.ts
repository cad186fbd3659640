import type { Settlement, SettlementDetails, SettlementSelection } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { PageWindow } from '../../platform/list.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { postBusinessEvent } from '../accounts/journal/post-business-event.ts';
import { computeSettlement, paidUnsettledLots } from './compute-settlement.ts';
import { draftPaymentBatches } from './payments/draft-batches.ts';
import { groupDeductions, partyNames } from './present.ts';
import { loanRecoveries, settlementDeductions, settlementLots, settlements } from './schema.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Inserts many rows in slices, under the driver's parameter limit. */
export async function insertMany<T>(
  rows: T[],
  size: number,
  insert: (slice: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

const LOT_TAKEN = 'One of these lots is already in another settlement';

/**
 * Saves a draft settlement of the selected paid lots. The lots are row-locked first, so a second
 * officer settling the same lots waits, then is refused (409); the partial unique index on live
 * settlement lots refuses it even if the locks were skipped.
 */
export async function createSettlement(db: DbOrTx, actor: Actor, selection: SettlementSelection) {
  return db.transaction(async (tx) => {
    const mark = phaseTimer();
    const paid = await paidUnsettledLots(tx, selection, { lock: true });
    mark('lock lots');
    // After the lock wait, a fresh statement sees what a concurrent officer committed.
    const wanted = selection.lotIds?.length ? selection.lotIds : paid.map((l) => l.lotId);
    const [taken] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from settlement_lots
          where live and lot_id = any(${`{${wanted.join(',')}}`}::uuid[])`,
    );
    if ((taken?.n ?? 0) > 0) throw new ConflictError(LOT_TAKEN);
    if (paid.length === 0) {
      const [settledBefore] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from settlement_lots sl
            join sales_invoice_lines il on il.lot_id = sl.lot_id and il.kind = 'lot'
            join sales_invoices si on si.id = il.invoice_id and si.status = 'paid'
            where sl.live
              ${selection.auctionId ? sql`and si.auction_id = ${selection.auctionId}` : sql``}
              ${selection.amcosId ? sql`and sl.amcos_id = ${selection.amcosId}` : sql``}`,
      );
      if ((settledBefore?.n ?? 0) > 0 && !selection.lotIds?.length)
        throw new ConflictError('These lots are already settled');
    }
    if (selection.lotIds?.length && paid.length !== selection.lotIds.length)
      throw new ValidationError('Some of the chosen lots are not fully paid yet');
    const computed = await computeSettlement(tx, paid);
    mark('compute');
    const settledOn = selection.settledOn ?? today();
    const settlementNo = await nextDocumentNumber(tx, 'ST', Number(settledOn.slice(0, 4)));
    const t = computed.totals;
    const [row] = await tx
      .insert(settlements)
      .values({
        settlementNo,
        settledOn,
        auctionId: selection.auctionId ?? null,
        amcosId: selection.amcosId ?? null,
        lotCount: computed.lots.length,
        farmerCount: computed.farmerCount,
        gross: t.gross,
        beneficiaries: t.beneficiaries,
        transporters: t.transporters,
        amcosShare: t.amcos,
        farmersNet: t.farmersNet,
        loanRecovery: t.loanRecovery,
        buyerLevies: t.buyerLevies,
        remarks: selection.remarks ?? null,
        createdBy: actor.userId,
      })
      .returning({ id: settlements.id });
    if (!row) throw new Error('Settlement not saved');
    const settlementId = row.id;

    const lotRows = computed.lots.map((l) => ({
      id: uuidv7(),
      settlementId,
      lotId: l.lotId,
      amcosId: l.amcosId,
      seasonCropId: l.lot.seasonCropId,
      invoiceId: l.lot.invoiceId,
      auctionId: l.lot.auctionId,
      kg: l.kg,
      collectedKg: l.collectedKg,
      pricePerKg: l.pricePerKg,
      gross: l.gross,
      beneficiaries: l.beneficiaries,
      transporters: l.transporters,
      amcosShare: l.amcos,
      farmersNet: l.farmersNet,
      loanRecovery: l.loanRecovery,
      buyerLevies: l.buyerLevies,
    }));
    mark('settlement row');
    await explainConstraints({ settlement_lots_live_unique: { field: 'lotIds', message: LOT_TAKEN } }, () =>
      insertMany(lotRows, 500, (slice) => tx.insert(settlementLots).values(slice)),
    );
    const deductionRows = computed.lots.flatMap((l, i) =>
      [...l.deductions, ...l.buyerLines].map((d) => ({
        settlementId,
        settlementLotId: lotRows[i]?.id as string,
        ruleId: d.ruleId,
        name: d.name,
        payer: d.payer,
        partyType: d.payee.type,
        partyId: d.payee.id,
        amount: d.amount,
      })),
    );
    await insertMany(deductionRows, 1000, (slice) => tx.insert(settlementDeductions).values(slice));
    mark('lots and deductions');
    // 50,000 farmer lines in one statement: one array parameter per column.
    const f = {
      id: [] as string[],
      lotLine: [] as string[],
      lot: [] as string[],
      farmer: [] as string[],
      amcos: [] as string[],
      kg: [] as string[],
      grossShare: [] as string[],
      deductions: [] as string[],
      owed: [] as string[],
      loanRecovery: [] as string[],
      net: [] as string[],
    };
    const r = { loan: [] as string[], farmerLine: [] as string[], amount: [] as string[] };
    computed.lots.forEach((l, i) => {
      for (const x of l.farmers) {
        const id = uuidv7();
        f.id.push(id);
        f.lotLine.push(lotRows[i]?.id as string);
        f.lot.push(l.lotId);
        f.farmer.push(x.farmerId);
        f.amcos.push(l.amcosId);
        f.kg.push(x.kg);
        f.grossShare.push(x.grossShare);
        f.deductions.push(x.deductions);
        f.owed.push(x.owed);
        f.loanRecovery.push(x.loanRecovery);
        f.net.push(x.net);
        for (const rec of x.recoveries) {
          r.loan.push(rec.loanId);
          r.farmerLine.push(id);
          r.amount.push(rec.amount);
        }
      }
    });
    const p = sql.param;
    await tx.execute(sql`
      insert into settlement_farmers (id, settlement_id, settlement_lot_id, lot_id, farmer_id, amcos_id, kg,
        gross_share, deductions, owed, loan_recovery, net)
      select t.id, ${settlementId}, t.lot_line, t.lot, t.farmer, t.amcos, t.kg, t.gross_share, t.deductions, t.owed,
        t.loan_recovery, t.net
      from unnest(${p(f.id)}::uuid[], ${p(f.lotLine)}::uuid[], ${p(f.lot)}::uuid[], ${p(f.farmer)}::uuid[],
        ${p(f.amcos)}::uuid[], ${p(f.kg)}::numeric[], ${p(f.grossShare)}::numeric[], ${p(f.deductions)}::numeric[],
        ${p(f.owed)}::numeric[], ${p(f.loanRecovery)}::numeric[], ${p(f.net)}::numeric[])
        as t(id, lot_line, lot, farmer, amcos, kg, gross_share, deductions, owed, loan_recovery, net)`);
    // Planned recoveries: they count against the loans only when the settlement is approved.
    if (r.loan.length > 0)
      await tx.execute(sql`
        insert into loan_recoveries (id, loan_id, settlement_id, settlement_farmer_id, amount)
        select gen_random_uuid(), t.loan, ${settlementId}, t.farmer_line, t.amount
        from unnest(${p(r.loan)}::uuid[], ${p(r.farmerLine)}::uuid[], ${p(r.amount)}::numeric[])
          as t(loan, farmer_line, amount)`);
    mark('farmers and recoveries');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'settlement',
      entityId: settlementId,
      after: { settlementNo, ...t, lots: computed.lots.length },
    });
    const details = await getSettlement(tx, settlementId);
    mark('read back');
    return details;
  });
}

/** SETTLEMENT_TIMING=1 prints how long each phase of a settlement took (bench diagnostics). */
function phaseTimer() {
  let last = performance.now();
  return (phase: string) => {
    if (process.env.SETTLEMENT_TIMING !== '1') return;
    const now = performance.now();
    process.stderr.write(`settlement ${phase}: ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}

async function lockSettlement(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(settlements).where(eq(settlements.id, id)).for('update');
  if (!row) throw new NotFoundError('Settlement not found');
  return row;
}

/**
 * Approves a draft (maker-checker): recovers the loans, posts Dr crop proceeds payable / Cr the
 * payables and farmer loans, and drafts the payment batches, all in one transaction.
 */
export async function approveSettlement(db: DbOrTx, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const mark = phaseTimer();
    const row = await lockSettlement(tx, id);
    if (row.status === 'approved') throw new ConflictError('This settlement is already approved');
    if (row.status === 'cancelled') throw new ConflictError('This settlement was cancelled');
    if (row.createdBy === actor.userId)
      throw new ForbiddenError('You prepared this settlement, so another person must approve it');
    try {
      await tx.execute(sql`
        update farmer_loans fl set recovered = fl.recovered + x.amount, updated_at = now()
        from (select loan_id, sum(amount) as amount from loan_recoveries
              where settlement_id = ${id} group by loan_id) x
        where fl.id = x.loan_id`);
    } catch (error) {
      if (constraintOf(error) === 'farmer_loans_recovered_check')
        throw new ConflictError(
          "A farmer's loan was recovered by another settlement since this draft; cancel it and settle again",
        );
      throw error;
    }
    mark('approve: loans');
    const posted = await postBusinessEvent(tx, {
      type: 'settlement',
      amcos: row.amcosShare,
      farmers: row.farmersNet,
      beneficiaries: row.beneficiaries,
      transporters: row.transporters,
      loanRecovery: row.loanRecovery,
      date: row.settledOn,
      narration: `Settlement ${row.settlementNo}: ${row.lotCount} lots`,
      reference: row.settlementNo,
      sourceType: 'settlement',
      sourceId: id,
      actorId: actor.userId,
    });
    await tx
      .update(settlements)
      .set({
        status: 'approved',
        approvedBy: actor.userId,
        approvedAt: new Date(),
        journalEntryId: posted.id,
      })
      .where(eq(settlements.id, id));
    mark('approve: posting');
    await draftPaymentBatches(tx, {
      settlementId: id,
      settlementNo: row.settlementNo,
      actorId: actor.userId,
    });
    mark('approve: batches');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'settlement',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved', journalEntryId: posted.id },
    });
    return getSettlement(tx, id);
  });
}

/** Cancels a draft: its lots can be settled again and its planned recoveries are dropped. */
export async function cancelSettlement(db: DbOrTx, actor: Actor, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockSettlement(tx, id);
    if (row.status !== 'draft') throw new ConflictError('Only a draft settlement can be cancelled');
    await tx
      .update(settlements)
      .set({ status: 'cancelled', cancelReason: reason, cancelledBy: actor.userId, cancelledAt: new Date() })
      .where(eq(settlements.id, id));
    await tx.update(settlementLots).set({ live: false }).where(eq(settlementLots.settlementId, id));
    await tx.delete(loanRecoveries).where(eq(loanRecoveries.settlementId, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'settlement',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'cancelled', reason },
    });
    return getSettlement(tx, id);
  });
}

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
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(settlements)
      .where(where)
      .orderBy(desc(settlements.createdAt), desc(settlements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(settlements).where(where),
  ]);
  return { rows: rows.map(toSettlement), total: total?.n ?? 0 };
}

/** A settlement with each lot's split; an AMCOS user (society) sees only their own lots. */
export async function getSettlement(
  db: DbOrTx,
  id: string,
  society: string | null = null,
): Promise<SettlementDetails> {
  const [row] = await db.select().from(settlements).where(eq(settlements.id, id));
  if (!row) throw new NotFoundError('Settlement not found');
  const lotRows = await queryRows<{
    id: string;
    lotId: string;
    lotNo: string;
    whrNo: string;
    amcosId: string;
    amcosName: string;
    kg: string;
    collectedKg: string;
    pricePerKg: string;
    gross: string;
    beneficiaries: string;
    transporters: string;
    amcosShare: string;
    farmersNet: string;
    loanRecovery: string;
    buyerLevies: string;
    farmerCount: number;
  }>(
    db,
    sql`select sl.id, sl.lot_id as "lotId", l.lot_no as "lotNo", l.whr_no as "whrNo", sl.amcos_id as "amcosId",
          a.name as "amcosName", sl.kg::text as kg, sl.collected_kg::text as "collectedKg",
          sl.price_per_kg::text as "pricePerKg", sl.gross::text as gross, sl.beneficiaries::text as beneficiaries,
          sl.transporters::text as transporters, sl.amcos_share::text as "amcosShare",
          sl.farmers_net::text as "farmersNet", sl.loan_recovery::text as "loanRecovery",
          sl.buyer_levies::text as "buyerLevies",
          (select count(*)::int from settlement_farmers sf where sf.settlement_lot_id = sl.id) as "farmerCount"
        from settlement_lots sl join lots l on l.id = sl.lot_id join amcos a on a.id = sl.amcos_id
        where sl.settlement_id = ${id} ${society ? sql`and sl.amcos_id = ${society}` : sql``}
        order by l.lot_no, sl.id`,
  );
  const deductions = await queryRows<{
    settlementLotId: string;
    name: string;
    payer: 'farmer' | 'buyer';
    partyType: 'amcos' | 'beneficiary' | 'transporter';
    partyId: string;
    amount: string;
  }>(
    db,
    sql`select settlement_lot_id as "settlementLotId", name, payer, party_type as "partyType",
          party_id as "partyId", amount::text as amount
        from settlement_deductions where settlement_id = ${id} order by settlement_lot_id, id`,
  );
  const names = await partyNames(
    db,
    deductions.map((d) => ({ type: d.partyType, id: d.partyId })),
  );
  if (society && lotRows.length === 0) throw new ForbiddenError('This record belongs to another society');
  const byLot = new Map<string, typeof deductions>();
  for (const d of deductions) byLot.set(d.settlementLotId, [...(byLot.get(d.settlementLotId) ?? []), d]);
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
        farmerCount: sum(lotRows.map((l) => String(l.farmerCount))).toNumber(),
      }
    : {};
  return {
    ...toSettlement(row),
    ...own,
    lots: lotRows.map(({ id: lotLineId, ...l }) => ({
      ...l,
      farmerCount: Number(l.farmerCount),
      deductions: groupDeductions(byLot.get(lotLineId) ?? [], names),
    })),
  };
}
