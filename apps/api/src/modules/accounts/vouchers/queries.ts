import type { BankTransfer, BankTransferListQuery, PaymentOrReceipt } from '@ushirika/contracts';
import { baseAmount, sum } from '@ushirika/domain';
import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { checker, fullName, maker } from '../journal/queries.ts';
import { journalEntries } from '../journal/schema.ts';
import { accounts } from '../schema.ts';
import { bankTransfers, paymentVoucherLines, paymentVouchers } from './schema.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const bank = alias(accounts, 'bank');

const voucherColumns = {
  id: paymentVouchers.id,
  number: paymentVouchers.number,
  type: paymentVouchers.type,
  voucherDate: paymentVouchers.voucherDate,
  book: paymentVouchers.book,
  bankAccountId: paymentVouchers.bankAccountId,
  bankAccountName: bank.name,
  partyName: paymentVouchers.partyName,
  partyType: paymentVouchers.partyType,
  narration: paymentVouchers.narration,
  reference: paymentVouchers.reference,
  currency: paymentVouchers.currency,
  rate: paymentVouchers.rate,
  amount: paymentVouchers.amount,
  status: paymentVouchers.status,
  journalEntryId: paymentVouchers.journalEntryId,
  journalEntryNumber: journalEntries.number,
  createdBy: paymentVouchers.createdBy,
  createdByName: fullName(maker),
  approvedByName: fullName(checker),
  approvedAt: paymentVouchers.approvedAt,
  createdAt: paymentVouchers.createdAt,
};
const selectVouchers = (db: DbOrTx) =>
  db
    .select(voucherColumns)
    .from(paymentVouchers)
    .innerJoin(bank, eq(bank.id, paymentVouchers.bankAccountId))
    .leftJoin(journalEntries, eq(journalEntries.id, paymentVouchers.journalEntryId))
    .leftJoin(maker, eq(maker.id, paymentVouchers.createdBy))
    .leftJoin(checker, eq(checker.id, paymentVouchers.approvedBy));

async function voucherLines(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      voucherId: paymentVoucherLines.voucherId,
      accountId: paymentVoucherLines.accountId,
      accountCode: accounts.code,
      accountName: accounts.name,
      amount: paymentVoucherLines.amount,
      description: paymentVoucherLines.description,
    })
    .from(paymentVoucherLines)
    .innerJoin(accounts, eq(accounts.id, paymentVoucherLines.accountId))
    .where(or(...ids.map((id) => eq(paymentVoucherLines.voucherId, id))))
    .orderBy(asc(paymentVoucherLines.lineNo));
}

type VoucherRow = Awaited<ReturnType<ReturnType<typeof selectVouchers>['execute']>>[number];
function toVoucher(row: VoucherRow, lines: Awaited<ReturnType<typeof voucherLines>>): PaymentOrReceipt {
  const own = lines.filter((l) => l.voucherId === row.id).map(({ voucherId: _, ...l }) => l);
  return {
    ...row,
    baseAmount: sum(own.map((l) => baseAmount(l.amount, row.rate))).toFixed(2),
    approvedAt: iso(row.approvedAt),
    createdAt: row.createdAt.toISOString(),
    lines: own,
  };
}

export async function listPaymentsAndReceipts(
  db: DbOrTx,
  query: {
    search?: string | undefined;
    sort?: string | undefined;
    type?: 'Payment' | 'Receipt' | undefined;
    status?: 'draft' | 'approved' | undefined;
    book?: 'collection' | 'operation' | undefined;
  },
  window: PageWindow,
) {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern
      ? or(
          ilike(paymentVouchers.number, pattern),
          ilike(paymentVouchers.partyName, pattern),
          ilike(paymentVouchers.narration, pattern),
        )
      : undefined,
    query.type ? eq(paymentVouchers.type, query.type) : undefined,
    query.status ? eq(paymentVouchers.status, query.status) : undefined,
    query.book ? eq(paymentVouchers.book, query.book) : undefined,
  );
  const sortable = {
    number: paymentVouchers.number,
    voucher_date: paymentVouchers.voucherDate,
    amount: paymentVouchers.amount,
  };
  const { rows, total } = await pageOf(db, () => selectVouchers(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(paymentVouchers.voucherDate), desc(paymentVouchers.number)],
      tiebreak: paymentVouchers.id,
    },
    window,
  });
  const lines = await voucherLines(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toVoucher(r, lines)), total };
}

export async function getPaymentOrReceipt(db: DbOrTx, id: string): Promise<PaymentOrReceipt> {
  const [row] = await selectVouchers(db).where(eq(paymentVouchers.id, id));
  if (!row) throw new NotFoundError('Payment or receipt not found');
  return toVoucher(row, await voucherLines(db, [id]));
}

const source = alias(accounts, 'source');
const target = alias(accounts, 'target');
const transferColumns = {
  id: bankTransfers.id,
  number: bankTransfers.number,
  transferDate: bankTransfers.transferDate,
  book: bankTransfers.book,
  fromAccountId: bankTransfers.fromAccountId,
  fromAccountName: source.name,
  toAccountId: bankTransfers.toAccountId,
  toAccountName: target.name,
  amount: bankTransfers.amount,
  currency: bankTransfers.currency,
  rate: bankTransfers.rate,
  narration: bankTransfers.narration,
  reference: bankTransfers.reference,
  status: bankTransfers.status,
  journalEntryId: bankTransfers.journalEntryId,
  journalEntryNumber: journalEntries.number,
  createdBy: bankTransfers.createdBy,
  createdByName: fullName(maker),
  approvedByName: fullName(checker),
  approvedAt: bankTransfers.approvedAt,
  createdAt: bankTransfers.createdAt,
};
const selectTransfers = (db: DbOrTx) =>
  db
    .select(transferColumns)
    .from(bankTransfers)
    .innerJoin(source, eq(source.id, bankTransfers.fromAccountId))
    .innerJoin(target, eq(target.id, bankTransfers.toAccountId))
    .leftJoin(journalEntries, eq(journalEntries.id, bankTransfers.journalEntryId))
    .leftJoin(maker, eq(maker.id, bankTransfers.createdBy))
    .leftJoin(checker, eq(checker.id, bankTransfers.approvedBy));
type TransferRow = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];
const toTransfer = (r: TransferRow): BankTransfer => ({
  ...r,
  baseAmount: baseAmount(r.amount, r.rate).toFixed(2),
  approvedAt: iso(r.approvedAt),
  createdAt: r.createdAt.toISOString(),
});

export async function listBankTransfers(db: DbOrTx, query: BankTransferListQuery, window: PageWindow) {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern ? or(ilike(bankTransfers.number, pattern), ilike(bankTransfers.narration, pattern)) : undefined,
    query.status ? eq(bankTransfers.status, query.status) : undefined,
    query.book ? eq(bankTransfers.book, query.book) : undefined,
  );
  const sortable = {
    number: bankTransfers.number,
    transfer_date: bankTransfers.transferDate,
    amount: bankTransfers.amount,
  };
  const { rows, total } = await pageOf(db, () => selectTransfers(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(bankTransfers.transferDate), desc(bankTransfers.number)],
      tiebreak: bankTransfers.id,
    },
    window,
  });
  return { rows: rows.map(toTransfer), total };
}

export async function getBankTransfer(db: DbOrTx, id: string): Promise<BankTransfer> {
  const [row] = await selectTransfers(db).where(eq(bankTransfers.id, id));
  if (!row) throw new NotFoundError('Bank transfer not found');
  return toTransfer(row);
}
