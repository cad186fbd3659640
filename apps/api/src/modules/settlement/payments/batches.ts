import type { MarkBatchPaidBody, PaymentBatch, PaymentLine, PaymentSettings } from '@ushirika/contracts';
import { toMoney } from '@ushirika/domain';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety, societyOf } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import type { PageWindow } from '../../../platform/list.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { enqueueSms } from '../../../platform/sms-outbox.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { paymentBatches, paymentLines, paymentSettings, settlements } from '../schema.ts';
import { methodSql, paymentSettingsOf, refreshBatchTotals } from './draft-batches.ts';

export const UNPAYABLE = 'No bank account or phone number';

const iso = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v.toISOString() : v);

const batchColumns = {
  id: paymentBatches.id,
  batchNo: paymentBatches.batchNo,
  settlementId: paymentBatches.settlementId,
  settlementNo: settlements.settlementNo,
  partyType: paymentBatches.partyType,
  status: paymentBatches.status,
  isRetry: paymentBatches.isRetry,
  lineCount: paymentBatches.lineCount,
  total: paymentBatches.total,
  bankReference: paymentBatches.bankReference,
  createdBy: paymentBatches.createdBy,
  approvedBy: paymentBatches.approvedBy,
  paidOn: paymentBatches.paidOn,
  createdAt: paymentBatches.createdAt,
};

const toBatch = (r: { createdAt: Date } & Omit<PaymentBatch, 'createdAt'>): PaymentBatch => ({
  ...r,
  createdAt: iso(r.createdAt) as string,
});

export async function listBatches(
  db: DbOrTx,
  filters: {
    partyType?: PaymentBatch['partyType'];
    status?: PaymentBatch['status'];
    settlementId?: string;
    search?: string;
  },
  page: PageWindow,
) {
  const conditions: SQL[] = [];
  if (filters.partyType) conditions.push(eq(paymentBatches.partyType, filters.partyType));
  if (filters.status) conditions.push(eq(paymentBatches.status, filters.status));
  if (filters.settlementId) conditions.push(eq(paymentBatches.settlementId, filters.settlementId));
  if (filters.search) conditions.push(eq(paymentBatches.batchNo, filters.search.trim().toUpperCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(batchColumns)
      .from(paymentBatches)
      .leftJoin(settlements, eq(settlements.id, paymentBatches.settlementId))
      .where(where)
      .orderBy(desc(paymentBatches.createdAt), desc(paymentBatches.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(paymentBatches).where(where),
  ]);
  return { rows: rows.map(toBatch), total: total?.n ?? 0 };
}

export async function getBatch(db: DbOrTx, id: string): Promise<PaymentBatch> {
  const [row] = await db
    .select(batchColumns)
    .from(paymentBatches)
    .leftJoin(settlements, eq(settlements.id, paymentBatches.settlementId))
    .where(eq(paymentBatches.id, id));
  if (!row) throw new NotFoundError('Payment batch not found');
  return toBatch(row);
}

const lineColumns = {
  id: paymentLines.id,
  batchId: paymentLines.batchId,
  batchNo: paymentBatches.batchNo,
  partyType: paymentLines.partyType,
  partyId: paymentLines.partyId,
  amcosId: paymentLines.amcosId,
  payeeName: paymentLines.payeeName,
  method: paymentLines.method,
  bankName: paymentLines.bankName,
  accountNo: paymentLines.accountNo,
  phone: paymentLines.phone,
  viaAmcosId: paymentLines.viaAmcosId,
  amount: paymentLines.amount,
  reference: paymentLines.reference,
  status: paymentLines.status,
  failureReason: paymentLines.failureReason,
  retryOfLineId: paymentLines.retryOfLineId,
};

/**
 * Payment lines: of a batch, of a party kind, or of a party; an AMCOS user sees only lines of
 * their own society (their farmers and the AMCOS itself).
 */
export async function listLines(
  db: DbOrTx,
  actor: Actor,
  filters: {
    batchId?: string;
    partyType?: PaymentLine['partyType'];
    partyId?: string;
    status?: PaymentLine['status'];
    search?: string;
  },
  page: PageWindow,
): Promise<{ rows: PaymentLine[]; total: number }> {
  const conditions: SQL[] = [];
  const society = societyOf(actor);
  if (society) conditions.push(eq(paymentLines.amcosId, society));
  if (filters.batchId) conditions.push(eq(paymentLines.batchId, filters.batchId));
  if (filters.partyType) conditions.push(eq(paymentLines.partyType, filters.partyType));
  if (filters.partyId) conditions.push(eq(paymentLines.partyId, filters.partyId));
  if (filters.status) conditions.push(eq(paymentLines.status, filters.status));
  if (filters.search) conditions.push(eq(paymentLines.reference, filters.search.trim().toUpperCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(lineColumns)
      .from(paymentLines)
      .innerJoin(paymentBatches, eq(paymentBatches.id, paymentLines.batchId))
      .where(where)
      .orderBy(paymentLines.payeeName, paymentLines.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(paymentLines).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function lockBatch(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, id)).for('update');
  if (!row) throw new NotFoundError('Payment batch not found');
  return row;
}

/** draft -> approved, by someone other than who drafted it. */
export async function approveBatch(db: DbOrTx, actor: Actor, id: string): Promise<PaymentBatch> {
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, id);
    if (row.status !== 'draft') throw new ConflictError('This payment batch is already approved');
    if (row.createdBy === actor.userId)
      throw new ForbiddenError('You drafted this payment batch, so another person must approve it');
    await tx
      .update(paymentBatches)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date() })
      .where(eq(paymentBatches.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'payment_batch',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved' },
    });
    return getBatch(tx, id);
  });
}

export type ExportRow = PaymentLine & { note: string };

/**
 * The lines of an approved batch in a bank bulk layout or a mobile-money layout: the lines paid
 * that way, then every unpayable line (no bank account, no phone) listed as such, never dropped.
 * The batch becomes exported.
 */
export async function exportBatch(
  db: DbOrTx,
  actor: Actor,
  id: string,
  layout: 'bank' | 'mobile',
): Promise<{ batch: PaymentBatch; rows: ExportRow[] }> {
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, id);
    if (row.status === 'draft') throw new ConflictError('Approve this payment batch before exporting it');
    if (row.status === 'approved') {
      await tx
        .update(paymentBatches)
        .set({ status: 'exported', exportedBy: actor.userId, exportedAt: new Date() })
        .where(eq(paymentBatches.id, id));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'exported',
        entity: 'payment_batch',
        entityId: id,
        before: { status: 'approved' },
        after: { status: 'exported', layout },
      });
    }
    const lines = await tx
      .select(lineColumns)
      .from(paymentLines)
      .innerJoin(paymentBatches, eq(paymentBatches.id, paymentLines.batchId))
      .where(and(eq(paymentLines.batchId, id), inArray(paymentLines.method, [layout, 'none'])))
      .orderBy(paymentLines.method, paymentLines.payeeName, paymentLines.id);
    const rows = lines
      .map((l) => ({ ...l, note: l.method === 'none' ? `UNPAYABLE: ${UNPAYABLE}` : '' }))
      .sort((a, b) => Number(a.method === 'none') - Number(b.method === 'none'));
    return { batch: await getBatch(tx, id), rows };
  });
}

/**
 * Marks an exported batch paid with the bank's reference: the listed lines failed (with their
 * reasons), unpayable lines failed, every other line paid. Posts one payout per payable (Dr the
 * payable / Cr collection bank) for the paid lines; farmers' collections of the settled lots
 * become paid; paid farmers get an SMS when the setting says so.
 */
export async function markBatchPaid(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: MarkBatchPaidBody,
): Promise<PaymentBatch> {
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, id);
    if (row.status === 'paid') throw new ConflictError('This payment batch is already marked paid');
    if (row.status !== 'exported')
      throw new ConflictError('Export this payment batch before marking it paid');
    const failedIds = body.failed.map((f) => f.lineId);
    if (failedIds.length) {
      const found = await tx
        .select({ id: paymentLines.id })
        .from(paymentLines)
        .where(and(eq(paymentLines.batchId, id), inArray(paymentLines.id, failedIds)));
      if (found.length !== new Set(failedIds).size)
        throw new ValidationError('A failed line is not in this batch', { failed: ['Not in this batch'] });
      for (const f of body.failed) {
        await tx
          .update(paymentLines)
          .set({ status: 'failed', failureReason: f.reason })
          .where(eq(paymentLines.id, f.lineId));
      }
    }
    await tx
      .update(paymentLines)
      .set({ status: 'failed', failureReason: UNPAYABLE })
      .where(
        and(
          eq(paymentLines.batchId, id),
          eq(paymentLines.status, 'pending'),
          eq(paymentLines.method, 'none'),
        ),
      );
    await tx
      .update(paymentLines)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(paymentLines.batchId, id), eq(paymentLines.status, 'pending')));
    const paid = await queryRows<{ payable: string; amount: string }>(
      tx,
      sql`select payable, sum(amount)::text as amount from payment_lines
          where batch_id = ${id} and status = 'paid' group by payable order by payable`,
    );
    for (const p of paid) {
      await postBusinessEvent(tx, {
        type: 'payout',
        payable: p.payable as 'payable_farmers',
        amount: p.amount,
        date: body.paidOn,
        narration: `Payment batch ${row.batchNo} paid (${body.bankReference})`,
        reference: body.bankReference,
        sourceType: 'payment_batch',
        sourceId: id,
        actorId: actor.userId,
      });
    }
    // Farmers' collections in the settled lots are paid once their (or their AMCOS's) line is.
    await tx.execute(sql`
      update collections c set status = 'paid', updated_at = now()
      from payment_lines pl
      join settlement_farmers sf on sf.settlement_id = pl.settlement_id
        and ((pl.party_type = 'farmer' and sf.farmer_id = pl.party_id)
          or (pl.party_type = 'amcos' and pl.payable = 'payable_farmers' and sf.amcos_id = pl.party_id))
      where pl.batch_id = ${id} and pl.status = 'paid' and pl.payable = 'payable_farmers'
        and c.lot_id = sf.lot_id and c.farmer_id = sf.farmer_id and c.status <> 'cancelled'`);
    const settings = await paymentSettingsOf(tx);
    if (settings.smsFarmers && row.partyType === 'farmer') {
      const texts = await queryRows<{ phone: string; amount: string; reference: string }>(
        tx,
        sql`select phone, amount::text as amount, reference from payment_lines
            where batch_id = ${id} and status = 'paid' and party_type = 'farmer' and coalesce(phone, '') <> ''`,
      );
      for (const t of texts)
        await enqueueSms(
          tx,
          t.phone,
          `Umelipwa TZS ${Number(t.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} (malipo ya korosho, kumb. ${t.reference}). You were paid TZS ${toMoney(t.amount)}.`,
        );
    }
    await tx
      .update(paymentBatches)
      .set({
        status: 'paid',
        paidBy: actor.userId,
        paidAt: new Date(),
        paidOn: body.paidOn,
        bankReference: body.bankReference,
      })
      .where(eq(paymentBatches.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'paid',
      entity: 'payment_batch',
      entityId: id,
      before: { status: row.status },
      after: { status: 'paid', bankReference: body.bankReference, failed: body.failed },
    });
    return getBatch(tx, id);
  });
}

/**
 * Puts failed lines into a new draft batch, with the payee's current bank account or phone. Each
 * failed line is retried once (`retried`, and a unique index on the new line's link); a paid line
 * can never be retried, so nobody is paid twice.
 */
export async function retryLines(db: DbOrTx, actor: Actor, lineIds: string[]): Promise<PaymentBatch> {
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(paymentLines).where(inArray(paymentLines.id, lineIds)).for('update');
    if (lines.length !== new Set(lineIds).size) throw new NotFoundError('Payment line not found');
    if (lines.some((l) => l.status !== 'failed'))
      throw new ConflictError('Only failed lines can be paid again; a paid or retried line cannot');
    const batches = await tx
      .select({ partyType: paymentBatches.partyType })
      .from(paymentBatches)
      .where(inArray(paymentBatches.id, [...new Set(lines.map((l) => l.batchId))]));
    const kinds = new Set(batches.map((b) => b.partyType));
    if (kinds.size !== 1) throw new ValidationError('Retry the lines of one kind of payee at a time');
    const [partyType] = [...kinds];
    const batchId = uuidv7();
    const batchNo = await nextDocumentNumber(tx, 'PB', new Date().getUTCFullYear());
    await tx.insert(paymentBatches).values({
      id: batchId,
      batchNo,
      settlementId: lines.every((l) => l.settlementId === lines[0]?.settlementId)
        ? (lines[0]?.settlementId ?? null)
        : null,
      partyType: partyType ?? 'farmer',
      isRetry: true,
      lineCount: 0,
      total: '0',
      createdBy: actor.userId,
    });
    await tx.execute(sql`
      insert into payment_lines (id, batch_id, settlement_id, party_type, party_id, amcos_id, payable, via_amcos_id,
        payee_name, method, bank_name, account_no, phone, amount, reference, retry_of_line_id)
      select gen_random_uuid(), ${batchId}, o.settlement_id, o.party_type, o.party_id, o.amcos_id, o.payable,
        o.via_amcos_id, o.payee_name,
        case o.party_type
          when 'farmer' then (select ${methodSql('f.bank_id', 'f.account_no', 'f.phone')} from farmers f where f.id = o.party_id)
          when 'amcos' then (select ${methodSql('a.bank_id', 'a.account_no', 'a.phone')} from amcos a where a.id = o.party_id)
          when 'beneficiary' then (select ${methodSql('e.bank_id', 'e.account_no', 'null')} from beneficiaries e where e.id = o.party_id)
          else (select ${methodSql('null', 'null', 't.phone')} from transporters t where t.id = o.party_id) end,
        coalesce((select b.name from farmers f join banks b on b.id = f.bank_id where f.id = o.party_id and o.party_type = 'farmer'),
                 (select b.name from amcos a join banks b on b.id = a.bank_id where a.id = o.party_id and o.party_type = 'amcos'),
                 (select b.name from beneficiaries e join banks b on b.id = e.bank_id where e.id = o.party_id and o.party_type = 'beneficiary')),
        coalesce((select f.account_no from farmers f where f.id = o.party_id and o.party_type = 'farmer'),
                 (select a.account_no from amcos a where a.id = o.party_id and o.party_type = 'amcos'),
                 (select e.account_no from beneficiaries e where e.id = o.party_id and o.party_type = 'beneficiary')),
        coalesce((select f.phone from farmers f where f.id = o.party_id and o.party_type = 'farmer'),
                 (select a.phone from amcos a where a.id = o.party_id and o.party_type = 'amcos'),
                 (select t.phone from transporters t where t.id = o.party_id and o.party_type = 'transporter')),
        o.amount, o.reference || '/R', o.id
      from payment_lines o where o.id = any(${`{${lineIds.join(',')}}`}::uuid[])`);
    await tx.update(paymentLines).set({ status: 'retried' }).where(inArray(paymentLines.id, lineIds));
    await refreshBatchTotals(tx, batchId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'payment_batch',
      entityId: batchId,
      after: { batchNo, retryOf: lineIds },
    });
    return getBatch(tx, batchId);
  });
}

/** The one settings row's history id (a valid UUID, so the history route accepts it). */
export const PAYMENT_SETTINGS_AUDIT_ID = '00000000-0000-4000-8000-000000000002';

export async function readPaymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  return paymentSettingsOf(db);
}

export async function updatePaymentSettings(
  db: DbOrTx,
  actor: Actor,
  body: PaymentSettings,
): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    const before = await paymentSettingsOf(tx);
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...body, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...body, updatedBy: actor.userId } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'payment_settings',
      entityId: PAYMENT_SETTINGS_AUDIT_ID,
      before,
      after: body,
    });
    return paymentSettingsOf(tx);
  });
}

/** A line of a batch, checked against the actor's society. */
export async function getLine(db: DbOrTx, actor: Actor, id: string): Promise<PaymentLine> {
  const [row] = await db
    .select(lineColumns)
    .from(paymentLines)
    .innerJoin(paymentBatches, eq(paymentBatches.id, paymentLines.batchId))
    .where(eq(paymentLines.id, id));
  if (!row) throw new NotFoundError('Payment line not found');
  assertSociety(actor, row.amcosId);
  return row;
}
