import type { MarkBatchPaidBody, PaymentBatch } from '@ushirika/contracts';
import { toGroupedAmount } from '@ushirika/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { enqueueEventSms } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, localPhone, PAYMENT_CHANNEL, smsText } from '../../../platform/sms-texts.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { paymentBatches, paymentLines } from '../schema.ts';
import { lockBatch } from './lock-batch.ts';
import { getBatch, paymentSettingsOf, UNPAYABLE } from './queries.ts';

/**
 * Marks an exported batch paid with the bank's reference: the listed lines failed (with their
 * reasons), unpayable lines failed, every other line paid. Posts one payout per payable (Dr the
 * payable / Cr collection bank) for the paid lines; farmers' collections of the settled lots
 * become paid; paid farmers get an SMS when the setting says so.
 */
export async function markBatchPaid(
  db: DbOrTx,
  actor: Actor,
  { id, body }: { id: string; body: MarkBatchPaidBody },
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
      await tx.execute(sql`
        update payment_lines pl set status = 'failed', failure_reason = f.reason
        from jsonb_to_recordset(${JSON.stringify(body.failed)}::jsonb) as f("lineId" uuid, reason text)
        where pl.id = f."lineId"`);
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
    const paid = await queryRows(
      tx,
      z.object({ payable: z.string(), amount: z.string() }),
      sql`select payable, sum(amount)::text as amount from payment_lines
          where batch_id = ${id} and status = 'paid' group by payable order by payable`,
    );
    for (const p of paid) {
      await postBusinessEvent(tx, {
        type: 'payout',
        payable: p.payable as 'payable_farmers',
        amount: p.amount,
        date: body.paidOn,
        narration: narrate('paymentBatchPaid', { batchNo: row.batchNo, bankReference: body.bankReference }),
        reference: body.bankReference,
        sourceType: 'payment_batch',
        sourceId: id,
        actorId: actor.userId,
      });
    }
    await markCollectionsPaid(tx, id);
    await queueBatchSms(tx, id, row.partyType);
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
 * A paid batch's farmers' collections become paid: the stage `markBatchPaid` and the payout sender
 * (#30) share.
 */
export async function markCollectionsPaid(tx: DbOrTx, id: string): Promise<void> {
  // Farmers' collections in the settled lots are paid once their (or their AMCOS's) line is. The
  // farmer and AMCOS lines are joined separately: one join with an `or` cannot be hashed and grew
  // with the square of the batch (88 s for 3,000 lines).
  await tx.execute(sql`
      with paid as (
        select pl.settlement_id, pl.party_type, pl.party_id from payment_lines pl
        where pl.batch_id = ${id} and pl.status = 'paid' and pl.payable = 'payable_farmers'),
      settled as (
        select sf.lot_id, sf.farmer_id from paid
        join settlement_farmers sf on sf.settlement_id = paid.settlement_id and sf.farmer_id = paid.party_id
        where paid.party_type = 'farmer'
        union
        select sf.lot_id, sf.farmer_id from paid
        join settlement_farmers sf on sf.settlement_id = paid.settlement_id and sf.amcos_id = paid.party_id
        where paid.party_type = 'amcos')
      update collections c set status = 'paid', updated_at = now()
      from settled s
      where c.lot_id = s.lot_id and c.farmer_id = s.farmer_id and c.status <> 'cancelled'`);
}

/** The batch's farmer SMS when the payment settings say so (a stage shared with the payout sender). */
export async function queueBatchSms(tx: DbOrTx, id: string, partyType: string): Promise<void> {
  const settings = await paymentSettingsOf(tx);
  if (settings.smsFarmers && partyType === 'farmer') await queuePaidSms(tx, id);
}

const paidSmsRow = z.object({
  lineId: z.string(),
  status: z.enum(['paid', 'failed']),
  recipient: z.string(),
  society: z.string().nullable(),
  amount: z.string(),
  reference: z.string(),
  method: z.enum(['bank', 'mobile', 'none']),
  bankName: z.string().nullable(),
  wallet: z.string().nullable(),
  crops: z.string().nullable(),
  lang: z.enum(['sw', 'en']),
});

/**
 * Each farmer's SMS of the batch, written in the same transaction and once per payment line (the
 * outbox's event key): a paid farmer's (FARMER_SMS.paid: the society, the amount, the crops of
 * their lots in the settlement by their Swahili names (#20), how the money went and the line's
 * reference); a failed line's (FARMER_SMS.paymentFailed, #31: what to do), in the farmer's language.
 */
async function queuePaidSms(tx: DbOrTx, batchId: string): Promise<void> {
  const lines = await queryRows(
    tx,
    paidSmsRow,
    sql`select pl.id as "lineId", pl.status, coalesce(nullif(pl.phone, ''), f.phone) as recipient,
          a.name as society, pl.amount::text as amount, pl.reference, pl.method,
          pl.bank_name as "bankName", pl.phone as wallet, coalesce(fp.language, 'sw') as lang,
          (select string_agg(distinct coalesce(nullif(c.name_sw, ''), c.name), ', ')
            from settlement_farmers sf join lots l on l.id = sf.lot_id
            join season_crops sc on sc.id = l.season_crop_id join crops c on c.id = sc.crop_id
            where sf.settlement_id = pl.settlement_id and sf.farmer_id = pl.party_id) as crops
        from payment_lines pl
        join farmers f on f.id = pl.party_id
        left join farmer_pins fp on fp.farmer_id = f.id
        left join amcos a on a.id = coalesce(pl.amcos_id, f.amcos_id)
        where pl.batch_id = ${batchId} and pl.status in ('paid', 'failed') and pl.party_type = 'farmer'
          and coalesce(nullif(pl.phone, ''), f.phone, '') <> ''`,
  );
  await enqueueEventSms(
    tx,
    lines.map((p) =>
      p.status === 'failed'
        ? {
            key: `payment-failed:${p.lineId}`,
            recipient: p.recipient,
            body: smsText(FARMER_SMS.paymentFailed[p.lang], {
              society: p.society ?? '',
              amount: toGroupedAmount(p.amount),
              reference: p.reference,
            }),
          }
        : {
            key: `payment-paid:${p.lineId}`,
            recipient: p.recipient,
            body: smsText(FARMER_SMS.paid.sw, {
              society: p.society ?? '',
              amount: toGroupedAmount(p.amount),
              crop: p.crops ?? 'mazao',
              channel:
                p.method === 'bank'
                  ? smsText(PAYMENT_CHANNEL.bank, { bank: p.bankName ?? '' }).trim()
                  : smsText(PAYMENT_CHANNEL.mobile, { phone: localPhone(p.wallet ?? p.recipient) }),
              reference: p.reference,
            }),
          },
    ),
  );
}
