import { yearInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { methodSql, refreshBatchTotals } from '../../../platform/payment-batches.ts';

/**
 * An approved appropriation's payment batch (#32): one line per AMCOS owed a dividend or bonus
 * beyond what paid its unpaid shares first (payable - to_shares; a line of 0 is not drafted), paid
 * the way the union pays AMCOS after a settlement (a payment batch of AMCOS lines: approved by
 * another person, exported, marked paid), from the dividends payable (2106) and the operation bank.
 * Answers the batch's id, or null when no AMCOS is owed anything.
 */
export async function draftDividendBatch(
  tx: DbOrTx,
  input: { appropriationId: string; appropriationNo: string; actorId: string },
): Promise<string | null> {
  const owed = await queryRows(
    tx,
    sql`select 1 from appropriation_lines where appropriation_id = ${input.appropriationId} and payable > to_shares limit 1`,
  );
  if (owed.length === 0) return null;
  const batchId = uuidv7();
  const batchNo = await nextDocumentNumber(tx, 'PB', yearInTanzania());
  // The batch is settlement's table, written here in SQL: members does not import settlement.
  await tx.execute(sql`
    insert into payment_batches (id, batch_no, party_type, line_count, total, created_by)
    values (${batchId}, ${batchNo}, 'amcos', 0, 0, ${input.actorId})`);
  await tx.execute(sql`
    insert into payment_lines (id, batch_id, settlement_id, party_type, party_id, amcos_id, payable,
      payee_name, method, bank_name, account_no, phone, amount, reference)
    select gen_random_uuid(), ${batchId}, null, 'amcos', a.id, a.id, 'dividends_payable', a.name,
      ${methodSql('a.bank_id', 'a.account_no', 'a.phone')}, b.name, a.account_no, a.phone,
      l.payable - l.to_shares,
      ${input.appropriationNo} || '/' || a.code
    from appropriation_lines l join amcos a on a.id = l.amcos_id left join banks b on b.id = a.bank_id
    where l.appropriation_id = ${input.appropriationId} and l.payable > l.to_shares`);
  await refreshBatchTotals(tx, batchId);
  return batchId;
}
