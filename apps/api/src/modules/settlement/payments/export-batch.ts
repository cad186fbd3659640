import type { PaymentBatch, PaymentLine } from '@ushirika/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import type { ExportColumn } from '../../../platform/exports.ts';
import { paymentBatches, paymentLines } from '../schema.ts';
import { lockBatch } from './lock-batch.ts';
import { getBatch, lineColumns, UNPAYABLE } from './queries.ts';

export type ExportRow = PaymentLine & { note: string };

/**
 * The lines of an approved batch in a bank bulk layout or a mobile-money layout: the lines paid
 * that way, then every unpayable line (no bank account, no phone) listed as such, never dropped.
 * The batch becomes exported.
 */
export async function exportBatch(
  db: DbOrTx,
  actor: Actor,
  { id, layout }: { id: string; layout: 'bank' | 'mobile' },
): Promise<{ batch: PaymentBatch; rows: ExportRow[] }> {
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, id);
    if (row.status === 'draft') throw new ConflictError('Approve this payment batch before exporting it');
    // A batch going out through the payout provider (#30) is not carried to the bank as a file too.
    if (row.status === 'sending')
      throw new ConflictError('This payment batch is being sent through the payout provider');
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

/** The columns of the batch file the payer uploads: mobile-money or bank bulk layout. */
export function batchFileColumns(layout: 'bank' | 'mobile', batchNo: string): ExportColumn<ExportRow>[] {
  if (layout === 'mobile')
    return [
      { header: 'Phone', value: (r) => r.phone },
      { header: 'Amount', value: (r) => r.amount },
      { header: 'Name', value: (r) => r.payeeName, width: 30 },
      { header: 'Reference', value: (r) => r.reference, width: 24 },
      { header: 'Note', value: (r) => r.note, width: 40 },
    ];
  return [
    { header: 'Beneficiary name', value: (r) => r.payeeName, width: 30 },
    { header: 'Bank', value: (r) => r.bankName, width: 24 },
    { header: 'Account no', value: (r) => r.accountNo, width: 20 },
    { header: 'Amount', value: (r) => r.amount },
    { header: 'Currency', value: () => 'TZS' },
    { header: 'Reference', value: (r) => r.reference, width: 24 },
    { header: 'Narration', value: () => `Payment ${batchNo}`, width: 24 },
    { header: 'Note', value: (r) => r.note, width: 40 },
  ];
}
