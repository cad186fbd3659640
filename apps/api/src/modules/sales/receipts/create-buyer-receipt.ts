import type { BuyerReceiptDetail, createBuyerReceiptBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { accounts } from '../../accounts/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { type AllocationRequest, allocateReceipt } from './allocate.ts';
import { getBuyerReceipt } from './queries.ts';
import { buyerReceipts } from './schema.ts';

/**
 * Records money a buyer paid into a Collection-book bank account, posts Dr that bank / Cr buyer
 * receivable, and allocates it (the given list, or oldest open invoices first). What is left is
 * the buyer's credit. One transaction.
 */
export async function createBuyerReceipt(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createBuyerReceiptBody>,
): Promise<BuyerReceiptDetail> {
  return db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ id: buyers.id, name: buyers.name })
      .from(buyers)
      .where(eq(buyers.id, body.buyerId));
    if (!buyer) throw new NotFoundError('Buyer not found');
    const [bank] = await tx.select().from(accounts).where(eq(accounts.id, body.bankAccountId));
    if (bank?.book !== 'collection' || !bank.isBankOrCash || !bank.active)
      throw fieldError('bankAccountId', 'Choose an active bank account of the Collection book');
    const receiptNo = await nextDocumentNumber(tx, 'BR', Number(body.receiptDate.slice(0, 4)));
    const [row] = await tx
      .insert(buyerReceipts)
      .values({
        receiptNo,
        buyerId: buyer.id,
        receiptDate: body.receiptDate,
        bankAccountId: bank.id,
        amount: body.amount,
        reference: body.reference,
        createdBy: actor.userId,
      })
      .returning({ id: buyerReceipts.id });
    if (!row) throw new Error('Receipt insert returned nothing');
    const posted = await postBusinessEvent(tx, {
      type: 'buyer_receipt',
      amount: body.amount,
      date: body.receiptDate,
      narration: narrate('buyerReceipt', { receiptNo, buyer: buyer.name }),
      reference: body.reference ?? receiptNo,
      sourceType: 'buyer_receipt',
      sourceId: row.id,
      actorId: actor.userId,
      party: { type: 'buyer', id: buyer.id, name: buyer.name },
      bankAccountId: bank.id,
    });
    await tx.update(buyerReceipts).set({ journalEntryId: posted.id }).where(eq(buyerReceipts.id, row.id));
    await allocateReceipt(tx, {
      receiptId: row.id,
      allocations: body.allocations as AllocationRequest,
      on: body.receiptDate,
      actorId: actor.userId,
    });
    const after = await getBuyerReceipt(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'buyer_receipt',
      entityId: row.id,
      after,
    });
    return after;
  });
}
