import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import { constraintOf } from '../../../platform/constraints.ts';
import { ConflictError } from '../../../platform/errors.ts';

const SHARES_PAID_SINCE =
  "A member's shares were paid since this draft, so it would take more than the unpaid shares; cancel it and settle again";

/**
 * A settlement's approval pays the members' shares it deducted from crop money (#32), in the
 * approval's transaction: one `member_payments` row per member (kind `shares`, receipt number
 * `<settlement>/<farmer number>`, the settlement's date, its id), then each member's shares paid
 * raised by it. The money is the AMCOS's own: it reaches the society on its payment line, so no
 * union posting is made here (the settlement's posting credits payable to AMCOS with it).
 * The register's check (shares paid <= subscribed) refuses a draft whose shares were paid in cash
 * meanwhile; the unique (settlement, member) index refuses paying twice.
 */
export async function paySharesFromCropMoney(
  tx: DbOrTx,
  input: { settlementId: string; settlementNo: string; settledOn: string; actorId: string },
): Promise<void> {
  const { settlementId: id } = input;
  const owed = sql`select farmer_id, amcos_id, sum(member_shares) as amount from settlement_farmers
    where settlement_id = ${id} and member_shares > 0 group by farmer_id, amcos_id`;
  const [wanted] = await queryRows(tx, countRow, sql`select count(*)::int as n from (${owed}) x`);
  if (!wanted?.n) return;
  await tx.execute(sql`
    insert into member_payments (id, receipt_no, member_id, kind, amount, paid_on, reference, settlement_id,
      created_by)
    select gen_random_uuid(), ${input.settlementNo} || '/' || f.farmer_no, m.id, 'shares', x.amount,
      ${input.settledOn}, ${input.settlementNo}, ${id}, ${input.actorId}
    from (${owed}) x join members m on m.farmer_id = x.farmer_id and m.amcos_id = x.amcos_id
    join farmers f on f.id = x.farmer_id`);
  const [paid] = await queryRows(
    tx,
    countRow,
    sql`select count(*)::int as n from member_payments where settlement_id = ${id}`,
  );
  if (paid?.n !== wanted.n)
    throw new ConflictError("A member was taken off its society's register since this draft; settle again");
  try {
    await tx.execute(sql`
      update members m set shares_paid = m.shares_paid + p.amount, updated_at = now()
      from member_payments p where p.settlement_id = ${id} and p.member_id = m.id`);
  } catch (error) {
    if (constraintOf(error) === 'members_amounts_check') throw new ConflictError(SHARES_PAID_SINCE);
    throw error;
  }
}
