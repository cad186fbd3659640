import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { grouped, tablePdf } from '../../accounts/reports/pdf.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { getBatch } from './queries.ts';

const PARTY = {
  farmer: 'Farmers',
  amcos: 'AMCOS',
  beneficiary: 'Beneficiaries',
  transporter: 'Transporters',
};

/** The payment voucher of a batch: every line, its account or phone, and who prepared and approved it. */
export async function batchVoucherPdf(db: DbOrTx, id: string): Promise<{ name: string; body: Buffer }> {
  const batch = await getBatch(db, id);
  const lines = await queryRows(
    db,
    z.object({
      payee: z.string(),
      method: z.string(),
      account: z.string(),
      reference: z.string(),
      amount: z.string(),
      status: z.string(),
    }),
    sql`select payee_name as payee, method,
          case method when 'bank' then coalesce(bank_name, '') || ' ' || coalesce(account_no, '')
            when 'mobile' then coalesce(phone, '') else 'UNPAYABLE' end as account,
          reference, amount::text as amount, status
        from payment_lines where batch_id = ${id} order by payee_name, id`,
  );
  const [people] = await queryRows(
    db,
    z.object({ prepared: z.string().nullable(), approved: z.string().nullable() }),
    sql`select (select first_name || ' ' || last_name from users where id = b.created_by) as prepared,
          (select first_name || ' ' || last_name from users where id = b.approved_by) as approved
        from payment_batches b where b.id = ${id}`,
  );
  const body = await tablePdf(await unionLetterhead(db), {
    title: `Payment voucher ${batch.batchNo}`,
    subtitle: [
      `${PARTY[batch.partyType]} · settlement ${batch.settlementNo ?? '—'} · status ${batch.status}`,
      `Prepared by ${people?.prepared ?? '—'} · approved by ${people?.approved ?? '—'}` +
        (batch.bankReference ? ` · bank reference ${batch.bankReference}` : ''),
      `Printed ${todayInTanzania()}`,
    ],
    columns: [
      { header: 'Payee', value: (r) => r.payee },
      { header: 'Paid by', value: (r) => r.method },
      { header: 'Account / phone', value: (r) => r.account },
      { header: 'Reference', value: (r) => r.reference },
      { header: 'Status', value: (r) => r.status },
      { header: 'Amount (TZS)', value: (r) => grouped(r.amount), align: 'right' },
    ],
    rows: lines,
    totals: ['Total', `${lines.length} lines`, '', '', '', grouped(batch.total)],
  });
  return { name: `VOUCHER-${batch.batchNo}`, body };
}
