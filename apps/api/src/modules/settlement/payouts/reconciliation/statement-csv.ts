import { dec } from '@ushirika/domain';
import { csvRows, delimiterOf } from '../../../accounts/reconciliations/parse-csv.ts';
import { fileError, parseAmount } from '../../../accounts/reconciliations/statement-line.ts';
import type { StatementRow } from '../provider.ts';

/** Most rows a statement file may hold: a season's largest batch with room to spare. */
export const MAX_STATEMENT_ROWS = 50_000;

/**
 * The columns of a payout statement file, each under the names the providers' exports use
 * (compared without case): the plain shape (reference, line id, account, amount, fee, status), the
 * M-Pesa organisation portal's statement (Receipt No., Other Party Info, Withdrawn, Transaction
 * Status) and AzamPay's disbursement report (Transaction ID, External ID, MSISDN, Amount, Fee,
 * Status). Amount is required, and one of reference, line id or account.
 */
const COLUMNS = {
  reference: ['reference', 'provider reference', 'receipt no.', 'receipt no', 'receipt', 'transaction id'],
  lineId: ['line id', 'idempotency key', 'external id', 'externalid', 'third party reference'],
  account: ['account', 'phone', 'msisdn', 'other party info', 'destination account'],
  amount: ['amount', 'withdrawn', 'paid out'],
  fee: ['fee', 'charge', 'charges'],
  status: ['status', 'transaction status'],
  reason: ['reason', 'failure reason', 'reason type'],
} as const;

const STATUS: Record<string, StatementRow['status']> = {
  completed: 'succeeded',
  complete: 'succeeded',
  success: 'succeeded',
  successful: 'succeeded',
  succeeded: 'succeeded',
  paid: 'succeeded',
  failed: 'failed',
  failure: 'failed',
  declined: 'failed',
  cancelled: 'failed',
  reversed: 'failed',
  rejected: 'failed',
  pending: 'pending',
  processing: 'pending',
  initiated: 'pending',
};

/**
 * Reads a provider's statement file into rows; a file that is not such a statement, or a bad row,
 * is refused whole (400, naming the line), so nothing is stored from it.
 */
export function parseStatementCsv(text: string): StatementRow[] {
  const clean = text.replace(/^\uFEFF/, '');
  const rows = csvRows(clean, delimiterOf(clean));
  const headers = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const column = (names: readonly string[]) => headers.findIndex((h) => names.includes(h));
  const col = {
    reference: column(COLUMNS.reference),
    lineId: column(COLUMNS.lineId),
    account: column(COLUMNS.account),
    amount: column(COLUMNS.amount),
    fee: column(COLUMNS.fee),
    status: column(COLUMNS.status),
    reason: column(COLUMNS.reason),
  };
  if (col.amount < 0) throw fileError('CSV', 'the file has no amount column (Amount or Withdrawn)');
  if (col.reference < 0 && col.lineId < 0 && col.account < 0)
    throw fileError('CSV', 'the file has no reference, line id or account column to match on');
  if (rows.length < 2) throw fileError('CSV', 'the file has no lines under its header');
  if (rows.length - 1 > MAX_STATEMENT_ROWS)
    throw fileError('CSV', `the file has more than ${MAX_STATEMENT_ROWS} lines`);
  return rows.slice(1).map((row, n): StatementRow => {
    const where = `Line ${n + 2}`;
    const cell = (i: number) => (i < 0 ? '' : (row[i] ?? '').trim());
    const amount = dec(parseAmount(cell(col.amount), where)).abs();
    if (amount.isZero()) throw fileError(where, 'the amount is zero');
    const fee = cell(col.fee)
      ? dec(parseAmount(cell(col.fee), where))
          .abs()
          .toFixed(2)
      : null;
    const rawStatus = cell(col.status).toLowerCase();
    const status = rawStatus === '' ? 'succeeded' : STATUS[rawStatus];
    if (!status) throw fileError(where, `the status "${cell(col.status)}" is not one a statement uses`);
    const reference = cell(col.reference) || null;
    const idempotencyKey = cell(col.lineId) || null;
    const account = cell(col.account) || null;
    if (!reference && !idempotencyKey && !account)
      throw fileError(where, 'the row has no reference, line id or account');
    return {
      rowNo: n + 1,
      providerReference: reference,
      idempotencyKey,
      account,
      amount: amount.toFixed(2),
      fee,
      status,
      reason: cell(col.reason) || null,
    };
  });
}
