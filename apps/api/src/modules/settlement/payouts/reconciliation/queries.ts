import {
  type PayoutReconciliation,
  type PayoutReconciliationKind,
  payoutReconciliationItem,
  payoutReconciliationKind,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { queryRows } from '../../../../db/rows.ts';
import { NotFoundError } from '../../../../platform/errors.ts';

const headRow = z.object({
  id: z.string(),
  batchId: z.string(),
  source: z.enum(['provider', 'file']),
  fileName: z.string().nullable(),
  rowsRead: z.number(),
  status: z.enum(['proposed', 'confirmed']),
  importedBy: z.string(),
  importedByName: z.string().nullable(),
  importedAt: z.string(),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const userName = (alias: string) =>
  sql.raw(`nullif(trim(concat(${alias}.first_name, ' ', ${alias}.last_name)), '')`);

/** A stored reconciliation: who imported and confirmed it, its counts by kind and its items. */
export async function reconciliationOf(db: DbOrTx, id: string): Promise<PayoutReconciliation> {
  const [head] = await queryRows(
    db,
    headRow,
    sql`select r.id, r.batch_id as "batchId", r.source, r.file_name as "fileName", r.rows_read as "rowsRead",
          r.status, r.created_by as "importedBy", ${userName('i')} as "importedByName",
          ${iso('r.created_at')} as "importedAt", ${userName('c')} as "confirmedByName",
          ${iso('r.confirmed_at')} as "confirmedAt"
        from payout_reconciliations r left join users i on i.id = r.created_by
        left join users c on c.id = r.confirmed_by
        where r.id = ${id}`,
  );
  if (!head) throw new NotFoundError('Reconciliation not found');
  const items = await queryRows(
    db,
    payoutReconciliationItem,
    sql`select x.kind, x.payment_line_id as "lineId", pl.payee_name as "payeeName", x.row_no as "rowNo",
          x.provider_reference as "providerReference", x.account,
          x.statement_amount::text as "statementAmount", pl.amount::text as "lineAmount",
          x.statement_status as "statementStatus", x.line_state as "lineState", x.settled
        from payout_reconciliation_items x left join payment_lines pl on pl.id = x.payment_line_id
        where x.reconciliation_id = ${id}
        order by x.kind = 'matched', x.row_no nulls last, pl.payee_name, x.id`,
  );
  const counts = Object.fromEntries(payoutReconciliationKind.options.map((k) => [k, 0])) as Record<
    PayoutReconciliationKind,
    number
  >;
  for (const item of items) counts[item.kind] += 1;
  return { ...head, counts, items };
}

/** The batch's latest reconciliation, or null when none was imported. */
export async function latestReconciliation(db: DbOrTx, batchId: string) {
  const [latest] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from payout_reconciliations where batch_id = ${batchId}
        order by created_at desc, id desc limit 1`,
  );
  return latest ? reconciliationOf(db, latest.id) : null;
}
