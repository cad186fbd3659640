import type { OpeningPreviewRow } from '@ushirika/contracts';
import { type Dec, sum } from '@ushirika/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import {
  fateOf,
  isSheetDate,
  lockRecords,
  type OpeningKindDefinition,
  type OpeningRecord,
  owedOnRow,
} from '../../accounts/opening/kinds.ts';
import { accounts } from '../../accounts/schema.ts';
import { buyersCoded } from '../buyers/buyers.ts';
import { buyerReceipts } from './schema.ts';

type Credit = {
  buyerId: string;
  bankAccountId: string;
  reference: string | null;
  receivedOn: string;
  credit: Dec;
};

/**
 * Buyers' unallocated credits at go-live (Collection book): money a buyer paid in the old books
 * that no invoice has taken yet, each a buyer receipt (a BR number of its date's year, the old
 * reference kept) of what is still unallocated (amount - already allocated), into the Collection
 * bank account it went to, with nothing posted: the opening trial balance holds the buyer
 * receivables account net of it, and the go-live check ties the two (open invoices - unallocated
 * receipts). It is allocated to invoices later exactly like any receipt's credit.
 */
export const buyerCreditsOpening: OpeningKindDefinition = {
  book: 'collection',
  async check(tx, rows, { openingDate }) {
    const codes = [...new Set(rows.map((r) => (r.cells.buyer_code ?? '').trim()).filter(Boolean))];
    const found = await buyersCoded(tx, codes);
    const byCode = new Map(found.map((b) => [b.code, b]));
    const banks = new Map(
      (
        await tx
          .select({
            id: accounts.id,
            code: accounts.code,
            bank: accounts.isBankOrCash,
            active: accounts.active,
          })
          .from(accounts)
          .where(eq(accounts.book, 'collection'))
      ).map((a) => [a.code, a]),
    );
    const preview: OpeningPreviewRow[] = [];
    const credits: Credit[] = [];
    const seen = new Map<string, number>();
    for (const sheetRow of rows) {
      const { row, cells } = sheetRow;
      const code = (cells.buyer_code ?? '').trim();
      const buyer = byCode.get(code);
      const reference = (cells.reference ?? '').trim();
      const base = { reference: reference || code, name: buyer?.name ?? null };
      if (!buyer) {
        preview.push(fateOf(row, 'unknown_code', { ...base, detail: 'buyer_code' }));
        continue;
      }
      const bankCode = (cells.bank_account_code ?? '').trim();
      const bank = banks.get(bankCode);
      if (!bank) {
        preview.push(fateOf(row, 'unknown_code', { ...base, detail: 'bank_account_code' }));
        continue;
      }
      if (!bank.bank || !bank.active) {
        preview.push(fateOf(row, 'not_bank', base));
        continue;
      }
      const received = (cells.date_received ?? '').trim();
      if (!isSheetDate(received)) {
        preview.push(fateOf(row, 'bad_date', { ...base, detail: 'date_received' }));
        continue;
      }
      if (received > openingDate) {
        preview.push(fateOf(row, 'after_opening', base));
        continue;
      }
      if (reference) {
        const key = `${buyer.id}|${reference.toUpperCase()}`;
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          preview.push(fateOf(row, 'duplicate', { ...base, detail: String(earlier) }));
          continue;
        }
        seen.set(key, row);
      }
      // What is left to allocate is a credit: shown on the credit side.
      const { preview: owed, owed: figures } = owedOnRow(sheetRow, 'already_allocated', base);
      preview.push({ ...owed, credit: owed.debit, debit: null });
      if (figures)
        credits.push({
          buyerId: buyer.id,
          bankAccountId: bank.id,
          reference: reference || null,
          receivedOn: received,
          credit: figures.outstanding,
        });
    }
    return {
      rows: preview,
      totalDebit: sum(credits.map((c) => c.credit)),
      totalCredit: sum(credits.map((c) => c.credit)),
      problem: credits.length === 0 ? 'The sheet has no unallocated credits to import' : null,
      async apply(t, actor, importId) {
        const records: OpeningRecord[] = [];
        for (const c of credits) {
          const [saved] = await t
            .insert(buyerReceipts)
            .values({
              receiptNo: await nextDocumentNumber(t, 'BR', Number.parseInt(c.receivedOn.slice(0, 4), 10)),
              buyerId: c.buyerId,
              receiptDate: c.receivedOn,
              bankAccountId: c.bankAccountId,
              amount: c.credit.toFixed(2),
              reference: c.reference,
              openingImportId: importId,
              createdBy: actor.userId,
            })
            .returning({ id: buyerReceipts.id });
          if (!saved) throw new Error('Receipt insert returned nothing');
          records.push({ type: 'buyer_receipt', id: saved.id });
        }
        return { entryId: null, records };
      },
    };
  },
  async undo(tx, records) {
    // Locked first: an allocation of one of them now waits, then finds it gone.
    const ids = await lockRecords(tx, buyerReceipts, records);
    const [used] = await queryRows(
      tx,
      z.object({ receiptNo: z.string() }),
      sql`select receipt_no as "receiptNo" from buyer_receipts
          where id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))
            and allocated > 0
          order by receipt_no limit 1`,
    );
    if (used)
      throw new ConflictError(
        `Opening credit ${used.receiptNo} is allocated to an invoice: the opening credits can no longer be reversed`,
      );
    // Never posted, so nothing to reverse: they go.
    await tx.delete(buyerReceipts).where(inArray(buyerReceipts.id, ids));
  },
};
