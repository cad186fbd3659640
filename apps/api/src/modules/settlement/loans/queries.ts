import type { BankCover, FarmerLoan, LoanBankAccount } from '@ushirika/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, pageOf } from '../../../platform/list.ts';
import { bankCoverOf } from '../../accounts/journal/bank-cover.ts';
import { accounts } from '../../accounts/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { farmerLoans } from '../schema.ts';

const columns = {
  id: farmerLoans.id,
  loanNo: farmerLoans.loanNo,
  farmerId: farmerLoans.farmerId,
  farmerNo: farmers.farmerNo,
  farmerName: sql<string>`concat_ws(' ', ${farmers.firstName}, ${farmers.middleName}, ${farmers.lastName})`,
  amcosId: farmerLoans.amcosId,
  amcosName: amcos.name,
  issuedOn: farmerLoans.issuedOn,
  amount: farmerLoans.amount,
  recovered: farmerLoans.recovered,
  outstanding: sql<string>`(${farmerLoans.amount} - ${farmerLoans.recovered})::numeric(16,2)::text`,
  reason: farmerLoans.reason,
  source: farmerLoans.source,
  status: farmerLoans.status,
  bankAccountId: farmerLoans.bankAccountId,
  bankAccountName: sql<
    string | null
  >`(select a.code || ' ' || a.name from accounts a where a.id = ${farmerLoans.bankAccountId})`,
  createdBy: farmerLoans.createdBy,
  approvedBy: farmerLoans.approvedBy,
  approvedAt: sql<string | null>`${farmerLoans.approvedAt}::text`,
  journalEntryId: farmerLoans.journalEntryId,
  createdAt: sql<string>`${farmerLoans.createdAt}::text`,
};

function base(db: DbOrTx) {
  return db
    .select(columns)
    .from(farmerLoans)
    .innerJoin(farmers, eq(farmers.id, farmerLoans.farmerId))
    .innerJoin(amcos, eq(amcos.id, farmerLoans.amcosId));
}

export type LoanFilters = {
  farmerId?: string;
  amcosId?: string;
  outstanding?: boolean;
  status?: 'draft' | 'active' | 'cancelled';
  search?: string;
  sort?: string;
};

/** Loans, newest first; an AMCOS user sees only their own society's farmers' loans. */
export async function listLoans(db: DbOrTx, actor: Actor, filters: LoanFilters, page: PageWindow) {
  const conditions: SQL[] = [];
  const society = societyOf(actor);
  if (society) conditions.push(eq(farmerLoans.amcosId, society));
  if (filters.amcosId) conditions.push(eq(farmerLoans.amcosId, filters.amcosId));
  if (filters.farmerId) conditions.push(eq(farmerLoans.farmerId, filters.farmerId));
  if (filters.status) conditions.push(eq(farmerLoans.status, filters.status));
  if (filters.outstanding === true)
    conditions.push(
      sql`${farmerLoans.status} = 'active' and ${farmerLoans.recovered} < ${farmerLoans.amount}`,
    );
  if (filters.outstanding === false) conditions.push(sql`${farmerLoans.recovered} >= ${farmerLoans.amount}`);
  if (filters.search) {
    const s = filters.search.trim();
    conditions.push(
      sql`(${farmers.farmerNo} = ${s.toUpperCase()} or ${farmerLoans.loanNo} = ${s.toUpperCase()})`,
    );
  }
  const { rows, total } = await pageOf(db, () => base(db).$dynamic(), {
    where: conditions.length ? and(...conditions) : undefined,
    order: {
      sort: filters.sort,
      sortable: { issued_on: farmerLoans.issuedOn, amount: farmerLoans.amount, loan_no: farmerLoans.loanNo },
      fallback: [desc(farmerLoans.issuedOn)],
      tiebreak: farmerLoans.id,
    },
    window: page,
    // The AMCOS join only adds a column: the count reads the loans and their farmers.
    counted: () =>
      db
        .select({ id: farmerLoans.id })
        .from(farmerLoans)
        .innerJoin(farmers, eq(farmers.id, farmerLoans.farmerId))
        .$dynamic(),
  });
  return { rows: rows as FarmerLoan[], total };
}

export async function getLoan(db: DbOrTx, actor: Actor, id: string): Promise<FarmerLoan> {
  const [row] = await base(db).where(eq(farmerLoans.id, id));
  if (!row) throw new NotFoundError('Loan not found');
  assertSociety(actor, row.amcosId);
  return row as FarmerLoan;
}

/** The paying account's book balance against a cash advance, for its approve confirmation (#37). */
export async function loanCover(db: DbOrTx, actor: Actor, id: string): Promise<BankCover> {
  const loan = await getLoan(db, actor, id);
  const cover =
    loan.bankAccountId && (await bankCoverOf(db, { accountId: loan.bankAccountId, amount: loan.amount }));
  if (!cover) throw new NotFoundError('This loan is not paid from a bank or cash account');
  return cover;
}

/** Active bank and cash accounts of both books, in TZS: what an advance can be paid from. */
export async function loanBankAccounts(db: DbOrTx): Promise<LoanBankAccount[]> {
  return db
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, book: accounts.book })
    .from(accounts)
    .where(and(eq(accounts.isBankOrCash, true), eq(accounts.active, true), eq(accounts.currency, 'TZS')))
    .orderBy(asc(accounts.book), asc(accounts.code));
}

/** A farmer's approved (active) loans with something outstanding, oldest first, for many farmers at once. */
export async function outstandingLoans(
  db: DbOrTx,
  farmerIds: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, { loanId: string; outstanding: string }[]>> {
  const result = new Map<string, { loanId: string; outstanding: string }[]>();
  if (farmerIds.length === 0) return result;
  const rows = await queryRows(
    db,
    z.object({ id: z.string(), farmer_id: z.string(), outstanding: z.string() }),
    sql`
    select id, farmer_id, (amount - recovered)::text as outstanding
    from farmer_loans
    where farmer_id = any(${`{${farmerIds.join(',')}}`}::uuid[])
      and status = 'active' and recovered < amount
    order by farmer_id, issued_on, id
    ${options.lock ? sql`for update` : sql``}`,
  );
  for (const r of rows) {
    const list = result.get(r.farmer_id) ?? [];
    list.push({ loanId: r.id, outstanding: r.outstanding });
    result.set(r.farmer_id, list);
  }
  return result;
}
