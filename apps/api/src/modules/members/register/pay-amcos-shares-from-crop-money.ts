import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { constraintOf } from '../../../platform/constraints.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postAcrossBooks } from '../../accounts/journal/post-across-books.ts';

const PAID_SINCE =
  "An AMCOS's union shares were paid since this draft, so it would take more than the unpaid shares; cancel it and settle again";

/**
 * A settlement's approval pays the AMCOS' union shares it took from their levies (#32), in the
 * approval's transaction: one `member_payments` row per AMCOS on the union's register (kind
 * `shares`, receipt `<settlement>/<AMCOS code>`, the settlement's date, its id), each member's
 * shares paid raised by it, and one posting across the books for all of them: Collection Dr payable
 * to AMCOS / Cr due to Operation, Operation Dr due from Collection / Cr share capital (source
 * `settlement_amcos_shares` + the settlement). The register's check (shares paid <= subscribed)
 * refuses a draft whose shares were paid in cash meanwhile (409); the unique (settlement, member)
 * index refuses paying twice.
 */
export async function payAmcosSharesFromCropMoney(
  tx: DbOrTx,
  s: { id: string; settlementNo: string; settledOn: string; actor: Actor },
): Promise<string[]> {
  const owed = sql`select amcos_id, sum(amcos_shares) as amount from settlement_lots
    where settlement_id = ${s.id} and amcos_shares > 0 group by amcos_id`;
  const [wanted] = await queryRows(
    tx,
    z.object({ n: z.number(), total: z.string() }),
    sql`select count(*)::int as n, coalesce(sum(amount), 0)::numeric(16,2)::text as total from (${owed}) x`,
  );
  if (!wanted?.n) return [];
  await tx.execute(sql`
    insert into member_payments (id, receipt_no, member_id, kind, amount, paid_on, reference, settlement_id,
      created_by)
    select gen_random_uuid(), ${s.settlementNo} || '/' || a.code, m.id, 'shares', x.amount,
      ${s.settledOn}, ${s.settlementNo}, ${s.id}, ${s.actor.userId}
    from (${owed}) x join members m on m.member_amcos_id = x.amcos_id and m.amcos_id is null
    join amcos a on a.id = x.amcos_id`);
  const [paid] = await queryRows(
    tx,
    countRow,
    sql`select count(*)::int as n from member_payments p join members m on m.id = p.member_id
        where p.settlement_id = ${s.id} and m.amcos_id is null`,
  );
  if (paid?.n !== wanted.n)
    throw new ConflictError("An AMCOS was taken off the union's register since this draft; settle again");
  try {
    await tx.execute(sql`
      update members m set shares_paid = m.shares_paid + p.amount, updated_at = now()
      from member_payments p where p.settlement_id = ${s.id} and p.member_id = m.id and m.amcos_id is null`);
  } catch (error) {
    if (constraintOf(error) === 'members_amounts_check') throw new ConflictError(PAID_SINCE);
    throw error;
  }
  const posted = await postAcrossBooks(tx, {
    type: 'amcos_shares',
    amount: wanted.total,
    date: s.settledOn,
    narration: narrate('settlementAmcosShares', { settlementNo: s.settlementNo }),
    reference: s.settlementNo,
    sourceType: 'settlement_amcos_shares',
    sourceId: s.id,
    actorId: s.actor.userId,
  });
  // The payments point at the Operation book's entry (the one crediting share capital).
  await tx.execute(sql`
    update member_payments p set journal_entry_id = (
      select je.id from journal_entries je where je.id = any(${`{${posted.ids.join(',')}}`}::uuid[])
        and je.book = 'operation' limit 1)
    from members m where p.settlement_id = ${s.id} and m.id = p.member_id and m.amcos_id is null`);
  return posted.ids;
}
