import { type Reconciliation, reconciliation } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { type Figures, statementAsAt } from './reconciliation-statement.ts';

/** A reconciliation's row, its figures not computed yet: the snapshot a closed one kept. */
const headerRow = reconciliation
  .omit({
    balancePerBank: true,
    uncreditedDeposits: true,
    unpresentedPayments: true,
    bankOnlyItems: true,
    balancePerBooks: true,
    difference: true,
    items: true,
  } satisfies Record<keyof Figures, true>)
  .extend({ statementBalance: z.string(), snapshot: reconciliation.nullable() });
type Header = z.infer<typeof headerRow>;

const headers = (where: ReturnType<typeof sql>) => sql`
  select r.id, r.account_id as "accountId", a.code as "accountCode", a.name as "accountName", a.book, a.currency,
    r.statement_date::text as "statementDate", r.status, r.statement_balance as "statementBalance", r.snapshot,
    to_char(r.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "closedAt",
    nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as "closedByName"
  from bank_reconciliations r join accounts a on a.id = r.account_id left join users u on u.id = r.closed_by
  where ${where} order by r.statement_date desc`;

/** A closed reconciliation as it closed; an open one computed now. */
async function withFigures(db: DbOrTx, h: Header): Promise<Reconciliation> {
  if (h.status === 'closed' && h.snapshot) return h.snapshot;
  const { statementBalance: _b, snapshot: _s, ...rest } = h;
  return { ...rest, ...(await statementAsAt(db, h.accountId, h.statementDate, h.statementBalance)) };
}

export async function getReconciliation(db: DbOrTx, id: string): Promise<Reconciliation> {
  const [h] = await queryRows(db, headerRow, headers(sql`r.id = ${id}`));
  if (!h) throw new NotFoundError('Reconciliation not found');
  return withFigures(db, h);
}

export async function listReconciliations(db: DbOrTx, accountId: string | undefined) {
  const rows = await queryRows(
    db,
    headerRow,
    headers(accountId ? sql`r.account_id = ${accountId}` : sql`true`),
  );
  return Promise.all(
    rows.map(async (h) => {
      const { items: _items, ...summary } = await withFigures(db, h);
      return summary;
    }),
  );
}
