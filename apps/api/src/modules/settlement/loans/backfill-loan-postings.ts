import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { SystemActor } from '../../../platform/access.ts';
import { farmerLoans } from '../schema.ts';
import { postLoan } from './give-loan.ts';

/**
 * Data migration run at every start (idempotent): loans approved before advances were posted
 * (#16) get their posting, Dr farmer loans / Cr the mapped collection bank, dated their issue
 * date, or the first open day of the Collection book when that date is in a closed year or a
 * locked period (the narration says so). Each loan is its own transaction; one that cannot post
 * (no open year at all) is left for the next start. Returns how many were posted.
 */
export async function backfillLoanPostings(db: Db, _actor: SystemActor): Promise<number> {
  const pending = await queryRows(
    db,
    z.object({ id: z.string(), firstOpen: z.string().nullable() }),
    sql`select l.id,
          (select greatest(l.issued_on, y.start_date, coalesce(y.collection_locked_until + 1, y.start_date))::text
             from financial_years y
            where y.status = 'open' and y.end_date >= l.issued_on
              and coalesce(y.collection_locked_until, y.start_date - 1) < y.end_date
            order by y.start_date limit 1) as "firstOpen"
        from farmer_loans l
       where l.status = 'active' and l.journal_entry_id is null and l.source = 'cash_advance'
       order by l.issued_on, l.id`,
  );
  let posted = 0;
  for (const p of pending) {
    if (!p.firstOpen) continue;
    await db.transaction(async (tx) => {
      const [loan] = await tx
        .select()
        .from(farmerLoans)
        .where(sql`${farmerLoans.id} = ${p.id} and ${farmerLoans.journalEntryId} is null`)
        .for('update');
      if (!loan) return;
      const moved = p.firstOpen !== loan.issuedOn;
      await postLoan(tx, loan, {
        approvedBy: loan.approvedBy ?? loan.createdBy,
        date: p.firstOpen as string,
        narration: moved
          ? `Loan ${loan.loanNo} issued ${loan.issuedOn}, posted ${p.firstOpen} (its period is closed): ${loan.reason}`
          : `Loan ${loan.loanNo}: ${loan.reason} (posted by the #16 migration)`,
      });
      posted += 1;
    });
  }
  return posted;
}
