import type { Member, RecordMemberPaymentBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postAcrossBooks } from '../../accounts/journal/post-across-books.ts';
import { accounts } from '../../accounts/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { assertRegister } from './access.ts';
import { getMember } from './queries.ts';
import { memberPayments, members } from './schema.ts';

/**
 * A member pays for shares or its entrance fee. The member's row is locked, so two payments never
 * take the same unpaid shares; shares are refused beyond what is subscribed and unpaid.
 * - The union's member (an AMCOS): received into a bank or cash account and posted in the same
 *   transaction, Dr that account / Cr share capital (3101) or entrance fees (4204), Operation
 *   book (across the books, through due to / due from, when the account is the Collection book's).
 * - An AMCOS's member (a farmer): the society's own money, kept in its register only (no posting).
 */
export async function recordMemberPayment(
  db: DbOrTx,
  actor: Actor,
  { memberId, body }: { memberId: string; body: RecordMemberPaymentBody },
): Promise<Member> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    if (!row) throw new NotFoundError('Member not found');
    const union = row.amcosId === null;
    assertRegister(actor, union ? 'union' : (row.amcosId ?? 'union'), 'write');
    const amount = dec(body.amount);
    if (body.kind === 'shares') {
      const unpaid = dec(row.sharesSubscribed).minus(row.sharesPaid);
      if (amount.gt(unpaid))
        throw fieldError('amount', `This is more than the unpaid shares (${unpaid.toFixed(2)})`);
    }
    if (body.paidOn < row.joinedOn)
      throw fieldError('paidOn', 'The payment cannot be before the member joined');
    let bankAccountId: string | null = null;
    if (union) {
      if (!body.bankAccountId)
        throw fieldError('bankAccountId', 'Choose the bank or cash account that received it');
      const [bank] = await tx
        .select({ isBankOrCash: accounts.isBankOrCash, active: accounts.active, currency: accounts.currency })
        .from(accounts)
        .where(eq(accounts.id, body.bankAccountId));
      if (!bank?.isBankOrCash || !bank.active || bank.currency !== 'TZS')
        throw fieldError('bankAccountId', 'Choose an active TZS bank or cash account');
      bankAccountId = body.bankAccountId;
    }
    const receiptNo = await nextDocumentNumber(
      tx,
      'MP',
      new Date(`${body.paidOn}T00:00:00Z`).getUTCFullYear(),
    );
    const [payment] = await tx
      .insert(memberPayments)
      .values({
        receiptNo,
        memberId,
        kind: body.kind,
        amount: amount.toFixed(2),
        paidOn: body.paidOn,
        bankAccountId,
        reference: body.reference ?? null,
        createdBy: actor.userId,
      })
      .returning();
    if (!payment) throw new Error('Payment not saved');
    if (union && bankAccountId) {
      const [named] = await tx
        .select({ name: amcos.name })
        .from(amcos)
        .where(eq(amcos.id, row.memberAmcosId ?? row.id));
      const memberName = named?.name ?? row.memberNo;
      const posted = await postAcrossBooks(tx, {
        type: 'member_payment',
        kind: body.kind,
        amount: payment.amount,
        accounts: { operation_bank: bankAccountId },
        date: body.paidOn,
        narration: narrate(body.kind === 'shares' ? 'memberShares' : 'memberEntranceFee', {
          receiptNo,
          memberNo: row.memberNo,
          member: memberName,
        }),
        reference: receiptNo,
        sourceType: 'member_payment',
        sourceId: payment.id,
        actorId: actor.userId,
        party: { type: 'amcos', id: row.memberAmcosId ?? undefined, name: memberName },
      });
      await tx
        .update(memberPayments)
        .set({ journalEntryId: posted.ids[0] ?? null })
        .where(eq(memberPayments.id, payment.id));
    }
    await tx
      .update(members)
      .set(
        body.kind === 'shares'
          ? { sharesPaid: sql`${members.sharesPaid} + ${payment.amount}` }
          : { entranceFeePaid: sql`${members.entranceFeePaid} + ${payment.amount}` },
      )
      .where(eq(members.id, memberId));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'paid',
      entity: 'member',
      entityId: memberId,
      after: payment,
    });
    return getMember(tx, actor, memberId);
  });
}
