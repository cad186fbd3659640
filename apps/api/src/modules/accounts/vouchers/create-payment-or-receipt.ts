import type { CreatePaymentOrReceiptBody, PaymentOrReceipt } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { assertLineAccounts, bankOrCashAccount, rateFor } from './checks.ts';
import { getPaymentOrReceipt } from './queries.ts';
import { paymentVoucherLines, paymentVouchers } from './schema.ts';

/** A payment (PV-) or receipt (RV-) voucher, saved as a draft for another person to approve. */
export async function createPaymentOrReceipt(
  db: Db,
  actor: Actor,
  body: CreatePaymentOrReceiptBody,
): Promise<PaymentOrReceipt> {
  return db.transaction(async (tx) => {
    const bank = await bankOrCashAccount(tx, body.bankAccountId, 'bankAccountId');
    const year = await postingYear(tx, bank.book, body.voucherDate, 'voucherDate');
    await assertLineAccounts(
      tx,
      bank.book,
      body.lines.map((l) => l.accountId),
    );
    const currency = body.currency ?? bank.currency;
    const rate = await rateFor(tx, currency, body.voucherDate, body.rate);
    const number = await nextDocumentNumber(
      tx,
      body.type === 'Payment' ? 'PV' : 'RV',
      Number(year.startDate.slice(0, 4)),
    );
    const [row] = await tx
      .insert(paymentVouchers)
      .values({
        number,
        type: body.type,
        voucherDate: body.voucherDate,
        book: bank.book,
        bankAccountId: bank.id,
        partyName: body.partyName,
        partyType: body.partyType ?? null,
        partyId: body.partyId ?? null,
        narration: body.narration,
        reference: body.reference ?? null,
        currency,
        rate,
        amount: sum(body.lines.map((l) => l.amount)).toFixed(2),
        createdBy: actor.userId,
      })
      .returning({ id: paymentVouchers.id });
    if (!row) throw new Error('Voucher insert returned nothing');
    await tx.insert(paymentVoucherLines).values(
      body.lines.map((l, i) => ({
        voucherId: row.id,
        lineNo: i + 1,
        accountId: l.accountId,
        amount: l.amount,
        description: l.description ?? null,
      })),
    );
    const voucher = await getPaymentOrReceipt(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'payment_or_receipt',
      entityId: row.id,
      after: voucher,
    });
    return voucher;
  });
}
