import type { PayoutReconciliationKind, PayoutState } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { StatementRow } from '../provider.ts';

/** A batch line as the matching sees it: its payout state, reference, account and amount. */
export type BatchLine = {
  lineId: string;
  state: PayoutState;
  providerReference: string | null;
  account: string | null;
  amount: string;
};

export type MatchedItem = {
  kind: PayoutReconciliationKind;
  lineId: string | null;
  rowNo: number | null;
  providerReference: string | null;
  account: string | null;
  statementAmount: string | null;
  statementFee: string | null;
  statementStatus: StatementRow['status'] | null;
  failureReason: string | null;
  lineState: PayoutState | null;
};

const OPEN: PayoutState[] = ['sending', 'unknown'];

/**
 * An account as both sides write it: a phone by its last nine digits (255754000111, 0754000111
 * and "255754000111 - JOHN DOE" are one wallet), a bank account in capitals without spaces.
 */
export function accountKey(account: string | null): string | null {
  if (!account) return null;
  const head = (account.split(' - ')[0] ?? '').trim();
  const digits = head.replace(/[\s+()-]/g, '');
  if (/^\d{9,15}$/.test(digits)) return digits.slice(-9);
  return head.replace(/\s/g, '').toUpperCase() || null;
}

/** What a statement row says of the line it names. */
function kindOf(line: BatchLine, row: StatementRow): PayoutReconciliationKind {
  if (!dec(line.amount).eq(dec(row.amount))) return 'amount_differs';
  const open = OPEN.includes(line.state);
  if (row.status === 'pending') return open ? 'pending' : 'status_differs';
  if (open) return 'not_final';
  return line.state === row.status ? 'matched' : 'status_differs';
}

/**
 * Matches each statement row to a batch line: by the provider's reference, else by the line id
 * it was sent with (the idempotency key), else by account and amount when exactly one line fits.
 * A second row for a line already matched is a duplicate; a row matching nothing is unknown to
 * the batch; a line paid here that no row names is missing at the provider.
 */
export function matchStatement(lines: BatchLine[], rows: StatementRow[]): MatchedItem[] {
  const byReference = new Map<string, BatchLine>();
  const byId = new Map<string, BatchLine>();
  const byAccount = new Map<string, BatchLine[]>();
  for (const line of lines) {
    if (line.providerReference) byReference.set(line.providerReference.toUpperCase(), line);
    byId.set(line.lineId.toLowerCase(), line);
    // AzamPay's externalReferenceId is the line id in base 36.
    byId.set(BigInt(`0x${line.lineId.replaceAll('-', '')}`).toString(36), line);
    const key = accountKey(line.account);
    if (!key) continue;
    const slot = `${key}|${dec(line.amount).toFixed(2)}`;
    byAccount.set(slot, [...(byAccount.get(slot) ?? []), line]);
  }
  const used = new Set<string>();
  const items: MatchedItem[] = [];
  for (const row of rows) {
    const named =
      (row.providerReference ? byReference.get(row.providerReference.toUpperCase()) : undefined) ??
      (row.idempotencyKey ? byId.get(row.idempotencyKey.toLowerCase()) : undefined);
    const accountKeyOfRow = accountKey(row.account);
    const candidates = named
      ? [named]
      : accountKeyOfRow
        ? (byAccount.get(`${accountKeyOfRow}|${row.amount}`) ?? []).filter((l) => !used.has(l.lineId))
        : [];
    const line = candidates.length === 1 ? candidates[0] : undefined;
    const base = {
      rowNo: row.rowNo,
      providerReference: row.providerReference,
      account: row.account,
      statementAmount: row.amount,
      statementFee: row.fee,
      statementStatus: row.status,
      failureReason: row.reason,
    };
    if (!line) {
      items.push({ ...base, kind: 'unknown_row', lineId: null, lineState: null });
      continue;
    }
    const kind = used.has(line.lineId) ? 'duplicate' : kindOf(line, row);
    used.add(line.lineId);
    items.push({ ...base, kind, lineId: line.lineId, lineState: line.state });
  }
  for (const line of lines)
    if (!used.has(line.lineId) && line.state === 'succeeded')
      items.push({
        kind: 'missing',
        lineId: line.lineId,
        rowNo: null,
        providerReference: line.providerReference,
        account: line.account,
        statementAmount: null,
        statementFee: null,
        statementStatus: null,
        failureReason: null,
        lineState: line.state,
      });
  return items;
}
