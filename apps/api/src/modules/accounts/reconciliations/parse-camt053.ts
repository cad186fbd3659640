import { type Dec, dec, toGroupedMoney } from '@ushirika/domain';
import { fileError, isoDate, type ParsedLine, parseAmount } from './statement-line.ts';
import { child, childrenNamed, childText, parseXml, type XmlNode } from './xml.ts';

/** What a camt.053 file holds for the import: its booked lines, and how many entries were not booked. */
export type CamtStatement = { lines: ParsedLine[]; notBooked: number };

function dateOf(node: XmlNode | undefined, where: string): string | null {
  const raw = childText(node, 'Dt') ?? childText(node, 'DtTm');
  if (!raw) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (!m) throw fileError(where, `"${raw}" is not a date`);
  return isoDate(m[1] ?? '', m[2] ?? '', m[3] ?? '', raw, where);
}

/** A balance's or an entry's amount as written (never negative), in the account's currency. */
function amountOf(node: XmlNode, currency: string, where: string): Dec {
  const amt = child(node, 'Amt');
  if (!amt) throw fileError(where, 'no Amt');
  if (amt.attrs.Ccy && amt.attrs.Ccy !== currency) {
    throw fileError(where, `the amount is in ${amt.attrs.Ccy}, the account in ${currency}`);
  }
  const value = dec(parseAmount(amt.text, where));
  if (value.isNegative()) throw fileError(where, 'a camt.053 amount is never negative');
  return value;
}

/** CRDT (money in) or DBIT (money out). */
function isCredit(node: XmlNode, where: string): boolean {
  const indicator = childText(node, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw fileError(where, 'CdtDbtInd must be CRDT or DBIT');
  return indicator === 'CRDT';
}

const signed = (amount: Dec, credit: boolean) => (credit ? amount : amount.neg());

/** The entry's status: `<Sts>BOOK</Sts>` up to version .07, `<Sts><Cd>BOOK</Cd></Sts>` from .08. */
const statusOf = (entry: XmlNode) => childText(entry, 'Sts', 'Cd') ?? childText(entry, 'Sts') ?? 'BOOK';

const reported = (ref: string | null) => (ref && ref !== 'NOTPROVIDED' ? ref : null);

/** One booked entry: its amount both ways a reversal can be read (see signedEntries). */
type Entry = { node: XmlNode; where: string; amount: Dec; credit: boolean; reversal: boolean };

function balanceOf(stmt: XmlNode, codes: string[], currency: string, where: string): Dec | null {
  for (const code of codes) {
    const bal = childrenNamed(stmt, 'Bal').find((b) => childText(b, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (bal) return signed(amountOf(bal, currency, `${where} ${code} balance`), isCredit(bal, where));
  }
  return null;
}

/**
 * The entries' signed amounts. A reversal (`RvslInd` true) runs against its CdtDbtInd: a credit
 * flagged as a reversal takes money out (ISO 20022 as the German and Dutch banks apply it). Some
 * banks write a reversal with the direction of its own effect instead; when the statement's
 * closing balance agrees only with that reading, it is the bank's, so both are tried against the
 * bank's own figures and the first that adds up is taken.
 */
function signedEntries(entries: Entry[], opening: Dec | null, closing: Dec | null): Dec[] {
  const read = (flipReversals: boolean) =>
    entries.map((e) => signed(e.amount, e.reversal && flipReversals ? !e.credit : e.credit));
  const flipped = read(true);
  if (opening === null || closing === null || !entries.some((e) => e.reversal)) return flipped;
  const addsUp = (amounts: Dec[]) => amounts.reduce((a, b) => a.plus(b), opening).eq(closing);
  if (addsUp(flipped)) return flipped;
  const asWritten = read(false);
  return addsUp(asWritten) ? asWritten : flipped;
}

/** Refuses a statement whose closing balance is not its opening balance plus its booked entries. */
function checkClosing(where: string, opening: Dec | null, amounts: Dec[], closing: Dec | null): void {
  if (opening === null || closing === null) return;
  const computed = amounts.reduce((a, b) => a.plus(b), opening);
  if (computed.eq(closing)) return;
  throw fileError(
    where,
    `the closing balance (CLBD) is ${toGroupedMoney(closing)} but the opening balance plus the booked entries make ${toGroupedMoney(computed)}: a page or an entry is missing, or this is not the bank's whole statement`,
  );
}

function lineOf(entry: Entry, amount: Dec, running: Dec | null): ParsedLine {
  const { node, where } = entry;
  if (amount.isZero()) throw fileError(where, 'the amount is zero');
  const lineDate = dateOf(child(node, 'BookgDt'), where) ?? dateOf(child(node, 'ValDt'), where);
  if (!lineDate) throw fileError(where, 'no booking date');
  const tx = child(node, 'NtryDtls', 'TxDtls');
  const bankRef = reported(childText(node, 'AcctSvcrRef'));
  return {
    lineDate,
    valueDate: dateOf(child(node, 'ValDt'), where),
    reference:
      reported(childText(tx, 'Refs', 'EndToEndId')) ??
      reported(childText(tx, 'Refs', 'InstrId')) ??
      reported(childText(node, 'NtryRef')) ??
      bankRef,
    description:
      childText(node, 'AddtlNtryInf') ??
      childText(tx, 'RmtInf', 'Ustrd') ??
      childText(tx, 'AddtlTxInf') ??
      '',
    amountIn: amount.isNegative() ? '0.00' : amount.toFixed(2),
    amountOut: amount.isNegative() ? amount.neg().toFixed(2) : '0.00',
    balance: running?.toFixed(2) ?? null,
    bankRef,
  };
}

/** One Stmt: its booked entries as lines, checked against the bank's closing balance. */
function statementLines(
  stmt: XmlNode,
  s: number,
  currency: string,
  counted: { statements: number; notBooked: number },
) {
  const where = `Statement ${s + 1}`;
  const opening = balanceOf(stmt, ['OPBD', 'PRCD'], currency, where);
  const closing = balanceOf(stmt, ['CLBD'], currency, where);
  const entries: Entry[] = [];
  for (const [n, node] of childrenNamed(stmt, 'Ntry').entries()) {
    const at = counted.statements > 1 ? `${where}, entry ${n + 1}` : `Entry ${n + 1}`;
    const amount = amountOf(node, currency, at);
    const credit = isCredit(node, at);
    // Pending (PDNG), information (INFO) and future (FUTR) entries are not on the account yet.
    if (statusOf(node) !== 'BOOK') {
      counted.notBooked += 1;
      continue;
    }
    const reversal = childText(node, 'RvslInd')?.toLowerCase() === 'true';
    entries.push({ node, where: at, amount, credit, reversal });
  }
  const amounts = signedEntries(entries, opening, closing);
  checkClosing(where, opening, amounts, closing);
  let running = opening;
  return entries.map((entry, i) => {
    const amount = amounts[i] as Dec;
    running = running?.plus(amount) ?? null;
    return lineOf(entry, amount, running);
  });
}

/**
 * ISO 20022 camt.053 (bank-to-customer statement, versions .02 to .08): every booked Ntry of every
 * Stmt becomes a line. The running balance is the opening balance (OPBD, else PRCD) plus the
 * entries in file order, and must end on the bank's closing balance (CLBD) when the file gives
 * both. The dedup key is the bank's AcctSvcrRef, the reference the payer's end-to-end id when given.
 */
export function parseCamt053(xml: string, currency: string): CamtStatement {
  const document = parseXml(xml).children[0];
  const statement = child(document, 'BkToCstmrStmt');
  if (document?.name !== 'Document' || !statement) throw fileError('XML', 'not a camt.053 statement');
  const statements = childrenNamed(statement, 'Stmt');
  const counted = { statements: statements.length, notBooked: 0 };
  const lines = statements.flatMap((stmt, s) => statementLines(stmt, s, currency, counted));
  if (lines.length === 0) {
    throw fileError(
      'XML',
      counted.notBooked > 0 ? 'the statement has no booked entries' : 'the statement has no entries',
    );
  }
  return { lines, notBooked: counted.notBooked };
}
