import type { PayoutProgress, PayoutState, SimulatorLedgerEntry } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, sqlPageOf } from '../../../platform/list.ts';
import { PAYOUT_STATES } from './schema.ts';

const countRow = z.object({ state: z.enum(PAYOUT_STATES), n: z.number() });
const sumsRow = z.object({
  provider: z.string().nullable(),
  sent: z.number(),
  amount: z.string(),
  fees: z.string(),
});
const heldRow = z.object({
  lineId: z.string(),
  payeeName: z.string(),
  lookedUpName: z.string().nullable(),
  method: z.enum(['bank', 'mobile', 'none']),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  phone: z.string().nullable(),
  amount: z.string(),
});

/** How far a batch's sending is: lines by state, sent, what succeeded and its fees, the held names. */
export async function payoutProgressOf(db: DbOrTx, batchId: string): Promise<PayoutProgress> {
  const [exists] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from payment_batches where id = ${batchId}`,
  );
  if (!exists) throw new NotFoundError('Payment batch not found');
  const counts = await queryRows(
    db,
    countRow,
    sql`select state, count(*)::int as n from payout_lines where batch_id = ${batchId} group by state`,
  );
  const [sums] = await queryRows(
    db,
    sumsRow,
    sql`select min(po.provider) as provider, count(po.sent_at)::int as sent,
          coalesce(sum(pl.amount) filter (where po.state = 'succeeded'), 0)::numeric(16,2)::text as amount,
          coalesce(sum(po.fee) filter (where po.state = 'succeeded'), 0)::numeric(16,2)::text as fees
        from payout_lines po join payment_lines pl on pl.id = po.payment_line_id
        where po.batch_id = ${batchId}`,
  );
  const held = await queryRows(
    db,
    heldRow,
    sql`select pl.id as "lineId", pl.payee_name as "payeeName", po.looked_up_name as "lookedUpName", pl.method,
          pl.bank_name as "bankName", pl.account_no as "accountNo", pl.phone, pl.amount::text as amount
        from payout_lines po join payment_lines pl on pl.id = po.payment_line_id
        where po.batch_id = ${batchId} and po.state = 'held_name'
        order by pl.payee_name, pl.id limit 500`,
  );
  const byState = Object.fromEntries(PAYOUT_STATES.map((s) => [s, 0])) as Record<PayoutState, number>;
  for (const c of counts) byState[c.state] = c.n;
  return {
    batchId,
    provider: sums?.provider ?? null,
    lines: counts.reduce((n, c) => n + c.n, 0),
    counts: byState,
    sent: sums?.sent ?? 0,
    succeededAmount: sums?.amount ?? '0.00',
    fees: sums?.fees ?? '0.00',
    held,
  };
}

const ledgerRow = z.object({
  idempotencyKey: z.string(),
  channel: z.enum(['mobile', 'bank']),
  account: z.string(),
  name: z.string(),
  amount: z.string(),
  fee: z.string(),
  reference: z.string(),
  providerReference: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  failureReason: z.string().nullable(),
  callbacks: z.number(),
  receivedAt: z.string(),
});

/** The simulator's ledger of money sent, oldest first; one batch's keys when asked. */
export async function simulatorLedgerOf(
  db: DbOrTx,
  filter: { batchId?: string | undefined },
  window: PageWindow,
): Promise<{ rows: SimulatorLedgerEntry[]; total: number }> {
  return sqlPageOf(db, ledgerRow, {
    columns: sql`idempotency_key as "idempotencyKey", channel, account, name, amount::text as amount,
      fee::text as fee, reference, provider_reference as "providerReference", status,
      failure_reason as "failureReason", callbacks, to_char(received_at at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "receivedAt"`,
    from: sql`payout_simulator_ledger`,
    where: filter.batchId
      ? sql`idempotency_key in (select id::text from payment_lines where batch_id = ${filter.batchId})`
      : undefined,
    order: [sql`received_at`, sql`idempotency_key`],
    window,
    counted: 'window',
  });
}
