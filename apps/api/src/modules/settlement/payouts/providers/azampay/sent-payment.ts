import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../../../db/client.ts';
import { queryRows } from '../../../../../db/rows.ts';
import type { SentPayment } from './azampay.ts';

const row = z.object({
  pgReferenceId: z.string().nullable(),
  method: z.enum(['bank', 'mobile']),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
});

/** A sent line's AzamPay reference (kept from the send's reply) and account, for its status query. */
export function sentPaymentReader(db: DbOrTx) {
  return async (key: string): Promise<SentPayment | null> => {
    if (!/^[0-9a-f-]{36}$/i.test(key)) return null;
    const [r] = await queryRows(
      db,
      row,
      sql`select po.provider_reference as "pgReferenceId", pl.method, pl.phone, pl.bank_name as "bankName",
            pl.account_no as "accountNo"
          from payout_lines po join payment_lines pl on pl.id = po.payment_line_id
          where po.payment_line_id = ${key}`,
    );
    return r
      ? {
          pgReferenceId: r.pgReferenceId,
          account: { channel: r.method, phone: r.phone, bankName: r.bankName, accountNo: r.accountNo },
        }
      : null;
  };
}
