import {
  type Appropriation,
  type AppropriationStatus,
  type AppropriationSummary,
  appropriationLine,
  appropriationSummary,
  type OwnAppropriationLine,
  ownAppropriationLine,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, sqlPageOf } from '../../../platform/list.ts';
import { decisionColumns } from '../../../platform/proposals.ts';

/** The by-laws' statutory reserve, a percentage of the surplus: the union's setting, 25 until saved. */
export async function readReservePercent(db: DbOrTx): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ reservePercent: z.string() }),
    sql`select reserve_percent::text as "reservePercent" from member_settings where society = 'union'`,
  );
  return row?.reservePercent ?? '25.00';
}

/** An appropriation row as the contract has it; `p` is the appropriations table. */
const summaryColumns = sql`p.id, p.appropriation_no as "appropriationNo", p.financial_year_id as "financialYearId",
  y.name as "yearName", p.season_id as "seasonId", s.name as "seasonName", p.surplus::text as surplus,
  p.reserve_percent::text as "reservePercent", p.dividend_percent::text as "dividendPercent",
  p.bonus_per_kg::text as "bonusPerKg", p.reserve::text as reserve, p.dividend::text as dividend,
  p.bonus::text as bonus, p.retained::text as retained, p.status, ${decisionColumns},
  p.journal_entry_id as "journalEntryId",
  p.payment_batch_id as "paymentBatchId", b.batch_no as "paymentBatchNo"`;
const fromAppropriations = sql`appropriations p join financial_years y on y.id = p.financial_year_id
  join seasons s on s.id = p.season_id left join payment_batches b on b.id = p.payment_batch_id`;

/** The appropriations, newest first, optionally of one status. */
export async function listAppropriations(
  db: DbOrTx,
  q: { status?: AppropriationStatus },
  page: PageWindow,
): Promise<{ rows: AppropriationSummary[]; total: number }> {
  return sqlPageOf(db, appropriationSummary, {
    columns: summaryColumns,
    from: fromAppropriations,
    where: q.status ? sql`p.status = ${q.status}` : undefined,
    order: [sql`p.proposed_at desc`, sql`p.id`],
    window: page,
    counted: 'window',
  });
}

/** One appropriation with its lines per AMCOS. */
export async function getAppropriation(db: DbOrTx, id: string): Promise<Appropriation> {
  const [row] = await queryRows(
    db,
    appropriationSummary,
    sql`select ${summaryColumns} from ${fromAppropriations} where p.id = ${id}`,
  );
  if (!row) throw new NotFoundError('Appropriation not found');
  const lines = await queryRows(
    db,
    appropriationLine,
    sql`select l.id, l.amcos_id as "amcosId", a.name as "amcosName", m.member_no as "memberNo",
          l.paid_shares::text as "paidShares", l.kg::text as kg, l.dividend::text as dividend,
          l.bonus::text as bonus, l.payable::text as payable,
          l.to_shares::text as "toShares", (l.payable - l.to_shares)::numeric(16,2)::text as "toPay"
        from appropriation_lines l join amcos a on a.id = l.amcos_id join members m on m.id = l.member_id
        where l.appropriation_id = ${id} order by a.name, l.id`,
  );
  return { ...row, lines };
}

/** An AMCOS user's own society's lines of the approved appropriations, newest first; union staff read the whole. */
export async function ownAppropriationLines(db: DbOrTx, actor: Actor): Promise<OwnAppropriationLine[]> {
  if (!actor.amcosId) throw new ForbiddenError('For AMCOS users: union staff read each appropriation');
  return queryRows(
    db,
    ownAppropriationLine,
    sql`select l.id, l.amcos_id as "amcosId", a.name as "amcosName", m.member_no as "memberNo",
          l.paid_shares::text as "paidShares", l.kg::text as kg, l.dividend::text as dividend,
          l.bonus::text as bonus, l.payable::text as payable,
          l.to_shares::text as "toShares", (l.payable - l.to_shares)::numeric(16,2)::text as "toPay", p.appropriation_no as "appropriationNo",
          y.name as "yearName", p.approved_at::text as "approvedAt"
        from appropriation_lines l join appropriations p on p.id = l.appropriation_id
        join financial_years y on y.id = p.financial_year_id
        join amcos a on a.id = l.amcos_id join members m on m.id = l.member_id
        where l.amcos_id = ${actor.amcosId} and p.status = 'approved'
        order by p.approved_at desc, l.id`,
  );
}
