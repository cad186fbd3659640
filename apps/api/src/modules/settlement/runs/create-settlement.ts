import type { SettlementDetails, SettlementSelection } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { settlementDeductions, settlementLots, settlements } from '../schema.ts';
import {
  type ComputedSettlement,
  computeSettlement,
  FARMER_FIGURES,
  farmerFigureLists,
  paidUnsettledLots,
  splitAmounts,
} from './compute-settlement.ts';
import { phaseTimer } from './phase-timer.ts';
import { getSettlement } from './queries.ts';

/** Inserts many rows in slices, under the driver's parameter limit. */
async function insertMany<T>(
  rows: T[],
  size: number,
  insert: (slice: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const LOT_TAKEN = 'One of these lots is already in another settlement';

/**
 * Saves a draft settlement of the selected paid lots. The lots are row-locked first, so a second
 * officer settling the same lots waits, then is refused (409); the partial unique index on live
 * settlement lots refuses it even if the locks were skipped.
 */
export async function createSettlement(
  db: DbOrTx,
  actor: Actor,
  { selection, timing }: { selection: SettlementSelection; timing?: boolean },
): Promise<SettlementDetails> {
  return db.transaction(async (tx) => {
    const mark = phaseTimer(timing);
    const paid = await paidUnsettledLots(tx, selection, { lock: true });
    mark('lock lots');
    // After the lock wait, a fresh statement sees what a concurrent officer committed.
    const wanted = selection.lotIds?.length ? selection.lotIds : paid.map((l) => l.lotId);
    const [taken] = await queryRows(
      tx,
      countRow,
      sql`select count(*)::int as n from settlement_lots
          where live and lot_id = any(${`{${wanted.join(',')}}`}::uuid[])`,
    );
    if ((taken?.n ?? 0) > 0) throw new ConflictError(LOT_TAKEN);
    if (paid.length === 0) {
      const [settledBefore] = await queryRows(
        tx,
        countRow,
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
    const settledOn = selection.settledOn ?? todayInTanzania();
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
        ...splitAmounts(t),
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
      ...splitAmounts(l),
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
    await insertFarmerLines(tx, settlementId, computed, lotRows);
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

/**
 * Each farmer's share of each lot (50,000 lines in one statement: one array parameter per column)
 * and the planned loan recoveries, which count against the loans only when the settlement is approved.
 */
async function insertFarmerLines(
  tx: DbOrTx,
  settlementId: string,
  computed: ComputedSettlement,
  lotRows: { id: string }[],
): Promise<void> {
  // 50,000 farmer lines in one statement: one array parameter per column.
  const f = {
    id: [] as string[],
    lotLine: [] as string[],
    lot: [] as string[],
    farmer: [] as string[],
    amcos: [] as string[],
    ...farmerFigureLists(),
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
      for (const k of FARMER_FIGURES) f[k].push(x[k]);
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
      gross_share, deductions, owed, loan_recovery, member_shares, net)
    select t.id, ${settlementId}, t.lot_line, t.lot, t.farmer, t.amcos, t.kg, t.gross_share, t.deductions, t.owed,
      t.loan_recovery, t.member_shares, t.net
    from unnest(${p(f.id)}::uuid[], ${p(f.lotLine)}::uuid[], ${p(f.lot)}::uuid[], ${p(f.farmer)}::uuid[],
      ${p(f.amcos)}::uuid[], ${p(f.kg)}::numeric[], ${p(f.grossShare)}::numeric[], ${p(f.deductions)}::numeric[],
      ${p(f.owed)}::numeric[], ${p(f.loanRecovery)}::numeric[], ${p(f.memberShares)}::numeric[], ${p(f.net)}::numeric[])
      as t(id, lot_line, lot, farmer, amcos, kg, gross_share, deductions, owed, loan_recovery, member_shares, net)`);
  // Planned recoveries: they count against the loans only when the settlement is approved.
  if (r.loan.length > 0)
    await tx.execute(sql`
      insert into loan_recoveries (id, loan_id, settlement_id, settlement_farmer_id, amount)
      select gen_random_uuid(), t.loan, ${settlementId}, t.farmer_line, t.amount
      from unnest(${p(r.loan)}::uuid[], ${p(r.farmerLine)}::uuid[], ${p(r.amount)}::numeric[])
        as t(loan, farmer_line, amount)`);
}
