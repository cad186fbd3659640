import type { OpeningPreviewRow } from '@ushirika/contracts';
import { type Dec, dec, sum } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import type { SheetRow } from '../../../platform/import-sheet.ts';
import { type CheckedSheet, fateOf, isSheetDate, type OpeningRecord, owedOnRow } from './kinds.ts';

/** A party (buyer, supplier) as its sheet code finds it. */
export type OpeningParty = { id: string; name: string };

/** One unpaid invoice of the old books, as the import takes it: what is still owed on it. */
export type OpenInvoice = {
  partyId: string;
  partyName: string;
  invoiceNo: string;
  invoiceDate: string;
  dueDate: string;
  amount: string;
  alreadyPaid: string;
  outstanding: Dec;
};

export type OpenInvoiceRules = {
  /** The sheet's party column (buyer_code, supplier_code). */
  codeColumn: string;
  parties: Map<string, OpeningParty>;
  /** The key a number must not share with an invoice already kept (see `numberKey`). */
  taken: (invoice: { partyId: string; invoiceNo: string }) => boolean;
  /** Two rows are the same invoice when their keys are equal. */
  numberKey: (invoice: { partyId: string; invoiceNo: string }) => string;
  openingDate: string;
  /** The due date of a row that gives none (a supplier's payment terms, the sales setting). */
  dueFrom: (invoiceDate: string, partyId: string) => string;
};

/**
 * Checks the rows of an unpaid-invoices sheet (buyers' or suppliers'), shared by both kinds: each
 * row's fate and the invoices taken, with the outstanding amount (amount - already paid) as the
 * row's debit. An invoice kept whole: its own number and dates, dated on or before the opening date.
 */
export function checkOpenInvoiceRows(rows: SheetRow[], rules: OpenInvoiceRules) {
  const preview: OpeningPreviewRow[] = [];
  const invoices: OpenInvoice[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of rows) {
    const code = cells[rules.codeColumn] ?? '';
    const invoiceNo = (cells.invoice_no ?? '').trim();
    const party = rules.parties.get(code);
    const base = { reference: invoiceNo || code, name: party?.name ?? null };
    if (!code) {
      preview.push(fateOf(row, 'missing', { ...base, detail: rules.codeColumn }));
      continue;
    }
    if (!party) {
      preview.push(fateOf(row, 'unknown_code', { ...base, detail: code }));
      continue;
    }
    if (!invoiceNo) {
      preview.push(fateOf(row, 'missing', { ...base, detail: 'invoice_no' }));
      continue;
    }
    const key = rules.numberKey({ partyId: party.id, invoiceNo });
    const other = seen.get(key);
    if (other !== undefined) {
      preview.push(fateOf(row, 'duplicate', { ...base, detail: String(other) }));
      continue;
    }
    seen.set(key, row);
    if (rules.taken({ partyId: party.id, invoiceNo })) {
      preview.push(fateOf(row, 'number_taken', base));
      continue;
    }
    const invoiceDate = cells.invoice_date ?? '';
    if (!isSheetDate(invoiceDate)) {
      preview.push(fateOf(row, invoiceDate ? 'bad_date' : 'missing', { ...base, detail: 'invoice_date' }));
      continue;
    }
    if (invoiceDate > rules.openingDate) {
      preview.push(fateOf(row, 'after_opening', base));
      continue;
    }
    const typedDue = cells.due_date ?? '';
    if (typedDue && !isSheetDate(typedDue)) {
      preview.push(fateOf(row, 'bad_date', { ...base, detail: 'due_date' }));
      continue;
    }
    const dueDate = typedDue || rules.dueFrom(invoiceDate, party.id);
    if (dueDate < invoiceDate) {
      preview.push(fateOf(row, 'due_before_invoice', base));
      continue;
    }
    const { preview: fate, owed } = owedOnRow({ row, cells }, 'already_paid', base);
    preview.push(fate);
    if (!owed) continue;
    invoices.push({
      partyId: party.id,
      partyName: party.name,
      invoiceNo,
      invoiceDate,
      dueDate,
      amount: owed.amount,
      alreadyPaid: owed.paid,
      outstanding: owed.outstanding,
    });
  }
  return { preview, invoices, total: sum(invoices.map((i) => i.outstanding)) };
}

/**
 * An unpaid-invoices sheet as checked: what is still owed is its debit (as every sub-ledger sheet
 * gives its total), a sheet with no unpaid invoice is refused, and `write` saves the invoices in
 * the import's transaction, with no journal entry of their own.
 */
export function openInvoicesSheet(
  checked: ReturnType<typeof checkOpenInvoiceRows>,
  write: (tx: DbOrTx, actor: Actor, importId: string) => Promise<OpeningRecord[]>,
): CheckedSheet {
  return {
    rows: checked.preview,
    totalDebit: checked.total,
    totalCredit: dec(0),
    problem: checked.invoices.length === 0 ? 'The sheet has no unpaid invoices to import' : null,
    apply: async (tx, actor, importId) => ({ entryId: null, records: await write(tx, actor, importId) }),
  };
}
