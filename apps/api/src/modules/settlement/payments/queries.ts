import type { PaymentBatch, PaymentLine, PaymentSettings } from '@ushirika/contracts';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type Actor, assertSociety, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, pageOf } from '../../../platform/list.ts';
import { paymentBatches, paymentLines, paymentSettings, settlements } from '../schema.ts';

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
  const { rows, total } = await pageOf(
    db,
    () =>
      db
        .select(batchColumns)
        .from(paymentBatches)
        .leftJoin(settlements, eq(settlements.id, paymentBatches.settlementId))
        .$dynamic(),
    {
      where: conditions.length ? and(...conditions) : undefined,
      order: [desc(paymentBatches.createdAt), desc(paymentBatches.id)],
      window: page,
      counted: () => db.select({ id: paymentBatches.id }).from(paymentBatches).$dynamic(),
    },
  );
  return { rows: rows.map(toBatch), total };
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

export const lineColumns = {
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
  return pageOf(
    db,
    () =>
      db
        .select(lineColumns)
        .from(paymentLines)
        .innerJoin(paymentBatches, eq(paymentBatches.id, paymentLines.batchId))
        .$dynamic(),
    {
      where: conditions.length ? and(...conditions) : undefined,
      order: [asc(paymentLines.payeeName), asc(paymentLines.id)],
      window: page,
      // Every line has its batch: the count reads the lines alone.
      counted: () => db.select({ id: paymentLines.id }).from(paymentLines).$dynamic(),
    },
  );
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

export async function paymentSettingsOf(db: DbOrTx) {
  const [row] = await db.select().from(paymentSettings);
  return {
    payFarmersThrough: row?.payFarmersThrough ?? 'central',
    smsFarmers: row?.smsFarmers ?? true,
    refuseUncoveredPayments: row?.refuseUncoveredPayments ?? false,
  };
}

export async function readPaymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  return paymentSettingsOf(db);
}
