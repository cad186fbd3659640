import { yearInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { methodSql, refreshBatchTotals } from '../../../platform/payment-batches.ts';

/**
 * An approved second payment's farmers' batch (#32), drafted like a settlement's farmers' batch:
 * one line per farmer owed anything (payable to farmers, reference `<SP no>/<farmer no>`), or one
 * per AMCOS when the payment settings pay farmers through their AMCOS; then approved by another
 * person, exported or sent through payouts, and marked paid as any batch (Dr 2102 / Cr collection
 * bank). Answers the batch's id.
 */
export async function draftSecondPaymentBatch(
  tx: DbOrTx,
  input: { secondPaymentId: string; paymentNo: string; actorId: string },
): Promise<string> {
  const [settings] = await queryRows(
    tx,
    z.object({ through: z.string() }),
    sql`select pay_farmers_through as through from payment_settings where id = 1`,
  );
  const batchId = uuidv7();
  const batchNo = await nextDocumentNumber(tx, 'PB', yearInTanzania());
  // The batch is settlement's table, written here in SQL: members does not import settlement.
  await tx.execute(sql`
    insert into payment_batches (id, batch_no, party_type, line_count, total, created_by)
    values (${batchId}, ${batchNo}, 'farmer', 0, 0, ${input.actorId})`);
  const lines =
    settings?.through === 'amcos'
      ? sql`select 'amcos' as party_type, a.id as party_id, a.id as amcos_id, a.id as via_amcos_id,
            a.name as payee_name, ${methodSql('a.bank_id', 'a.account_no', 'a.phone')} as method,
            b.name as bank_name, a.account_no, a.phone, x.amount, ${input.paymentNo} || '/F/' || a.code as reference
          from (select amcos_id, sum(amount) as amount from second_payment_lines
                where second_payment_id = ${input.secondPaymentId} group by amcos_id having sum(amount) > 0) x
          join amcos a on a.id = x.amcos_id left join banks b on b.id = a.bank_id`
      : sql`select 'farmer' as party_type, f.id as party_id, x.amcos_id, null::uuid as via_amcos_id,
            concat_ws(' ', f.first_name, f.middle_name, f.last_name) as payee_name,
            ${methodSql('f.bank_id', 'f.account_no', 'f.phone')} as method, b.name as bank_name, f.account_no,
            f.phone, x.amount, ${input.paymentNo} || '/' || f.farmer_no as reference
          from (select farmer_id, min(amcos_id::text)::uuid as amcos_id, sum(amount) as amount
                from second_payment_lines where second_payment_id = ${input.secondPaymentId}
                group by farmer_id having sum(amount) > 0) x
          join farmers f on f.id = x.farmer_id left join banks b on b.id = f.bank_id`;
  await tx.execute(sql`
    insert into payment_lines (id, batch_id, settlement_id, party_type, party_id, amcos_id, payable,
      via_amcos_id, payee_name, method, bank_name, account_no, phone, amount, reference)
    select gen_random_uuid(), ${batchId}, null, s.party_type, s.party_id, s.amcos_id, 'payable_farmers',
      s.via_amcos_id, s.payee_name, s.method, s.bank_name, s.account_no, s.phone, s.amount, s.reference
    from (${lines}) s`);
  await refreshBatchTotals(tx, batchId);
  return batchId;
}
