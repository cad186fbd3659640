import { toGroupedAmount } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { enqueueEventSms } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, smsText } from '../../../platform/sms-texts.ts';

const loanRow = z.object({
  farmerId: z.string(),
  recipient: z.string().nullable(),
  society: z.string(),
  loanNo: z.string(),
  amount: z.string(),
  owed: z.string(),
  lang: z.enum(['sw', 'en']),
});

/**
 * The farmer's SMS of an approved cash advance (#31), in their language, once per loan (the
 * outbox's event key): the amount, all they owe on their active loans, the loan's number.
 */
export async function queueLoanGivenSms(tx: DbOrTx, loanId: string): Promise<void> {
  const [loan] = await queryRows(
    tx,
    loanRow,
    sql`select l.farmer_id as "farmerId", f.phone as recipient, a.name as society, l.loan_no as "loanNo",
          l.amount::text as amount, coalesce(fp.language, 'sw') as lang,
          (select sum(o.amount - o.recovered) from farmer_loans o
            where o.farmer_id = l.farmer_id and o.status = 'active')::numeric(16,2)::text as owed
        from farmer_loans l
        join farmers f on f.id = l.farmer_id
        join amcos a on a.id = f.amcos_id
        left join farmer_pins fp on fp.farmer_id = f.id
        where l.id = ${loanId}`,
  );
  if (!loan?.recipient) return;
  await enqueueEventSms(tx, [
    {
      key: `loan-given:${loanId}`,
      recipient: loan.recipient,
      body: smsText(FARMER_SMS.loanGiven[loan.lang], {
        society: loan.society,
        amount: toGroupedAmount(loan.amount),
        owed: toGroupedAmount(loan.owed),
        reference: loan.loanNo,
      }),
    },
  ]);
}
