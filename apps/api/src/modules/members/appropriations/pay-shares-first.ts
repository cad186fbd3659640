import { dec, toSharesFirst } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { memberPayments, members } from '../register/schema.ts';
import { appropriationLines } from './schema.ts';

const lineRow = z.object({
  lineId: z.string(),
  memberId: z.string(),
  memberNo: z.string(),
  amcosId: z.string(),
  amcosName: z.string(),
  payable: z.string(),
  unpaidShares: z.string(),
  dividendToShares: z.boolean(),
});

/**
 * At the appropriation's approval, in its transaction (#32): each AMCOS that chose it has its
 * dividend and bonus pay its unpaid shares first, as they stand now (the members' rows locked):
 * min(payable, unpaid shares) is fixed on its line (`to_shares`, every line's preview replaced),
 * written as its shares payment (receipt `<AP no>/<member no>`, the AGM's date, the appropriation;
 * unique per appropriation and member), its shares paid raised, and posted (Operation book,
 * Dr dividends payable 2106 / Cr share capital 3101, one entry per AMCOS). Only the rest is drafted
 * on its payment line.
 */
export async function payUnpaidSharesFirst(
  tx: DbOrTx,
  input: { appropriationId: string; appropriationNo: string; date: string; actorId: string },
): Promise<void> {
  const lines = await queryRows(
    tx,
    lineRow,
    sql`select l.id as "lineId", m.id as "memberId", m.member_no as "memberNo", a.id as "amcosId",
          a.name as "amcosName", l.payable::text as payable,
          (m.shares_subscribed - m.shares_paid)::numeric(18,2)::text as "unpaidShares",
          m.dividend_to_shares as "dividendToShares"
        from appropriation_lines l join members m on m.id = l.member_id join amcos a on a.id = l.amcos_id
        where l.appropriation_id = ${input.appropriationId}
        order by m.id for update of m`,
  );
  for (const line of lines) {
    const { toShares } = toSharesFirst({
      payable: line.payable,
      unpaidShares: line.unpaidShares,
      chose: line.dividendToShares,
    });
    await tx.update(appropriationLines).set({ toShares }).where(eq(appropriationLines.id, line.lineId));
    if (dec(toShares).isZero()) continue;
    const receiptNo = `${input.appropriationNo}/${line.memberNo}`;
    const [payment] = await tx
      .insert(memberPayments)
      .values({
        receiptNo,
        memberId: line.memberId,
        kind: 'shares',
        amount: toShares,
        paidOn: input.date,
        reference: input.appropriationNo,
        appropriationId: input.appropriationId,
        createdBy: input.actorId,
      })
      .returning();
    if (!payment) throw new Error('Shares payment not saved');
    const posted = await postBusinessEvent(tx, {
      type: 'dividend_to_shares',
      amount: toShares,
      date: input.date,
      narration: narrate('dividendToShares', {
        receiptNo,
        memberNo: line.memberNo,
        member: line.amcosName,
        appropriationNo: input.appropriationNo,
      }),
      reference: receiptNo,
      sourceType: 'member_payment',
      sourceId: payment.id,
      actorId: input.actorId,
      party: { type: 'amcos', id: line.amcosId, name: line.amcosName },
    });
    await tx
      .update(memberPayments)
      .set({ journalEntryId: posted.id })
      .where(eq(memberPayments.id, payment.id));
    await tx
      .update(members)
      .set({ sharesPaid: sql`${members.sharesPaid} + ${toShares}`, updatedAt: new Date() })
      .where(eq(members.id, line.memberId));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'paid',
      entity: 'member',
      entityId: line.memberId,
      after: { ...payment, journalEntryId: posted.id },
    });
  }
}
