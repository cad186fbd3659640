import { dec } from '@ushirika/domain';
import { fileError, isoDate, type ParsedLine, parseAmount } from './statement-line.ts';
import { child, childrenNamed, childText, parseXml, type XmlNode } from './xml.ts';

function dateOf(node: XmlNode | undefined, where: string): string | null {
  const raw = childText(node, 'Dt') ?? childText(node, 'DtTm');
  if (!raw) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (!m) throw fileError(where, `"${raw}" is not a date`);
  return isoDate(m[1] ?? '', m[2] ?? '', m[3] ?? '', raw, where);
}

/** A balance or an entry's amount, signed by its CdtDbtInd (DBIT = money out). */
function signedAmount(node: XmlNode, currency: string, where: string) {
  const amt = child(node, 'Amt');
  if (!amt) throw fileError(where, 'no Amt');
  if (amt.attrs.Ccy && amt.attrs.Ccy !== currency) {
    throw fileError(where, `the amount is in ${amt.attrs.Ccy}, the account in ${currency}`);
  }
  const value = dec(parseAmount(amt.text, where));
  if (value.isNegative()) throw fileError(where, 'a camt.053 amount is never negative');
  const indicator = childText(node, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw fileError(where, 'CdtDbtInd must be CRDT or DBIT');
  return indicator === 'DBIT' ? value.neg() : value;
}

const reported = (ref: string | null) => (ref && ref !== 'NOTPROVIDED' ? ref : null);

/**
 * ISO 20022 camt.053 (bank-to-customer statement): every Ntry of every Stmt becomes a line. The
 * running balance is the opening balance (OPBD, else PRCD) plus the entries in file order; the
 * dedup key is the bank's AcctSvcrRef, the reference the payer's end-to-end id when given.
 */
export function parseCamt053(xml: string, currency: string): ParsedLine[] {
  const document = parseXml(xml).children[0];
  const statement = child(document, 'BkToCstmrStmt');
  if (document?.name !== 'Document' || !statement) throw fileError('XML', 'not a camt.053 statement');
  const lines: ParsedLine[] = [];
  for (const [s, stmt] of childrenNamed(statement, 'Stmt').entries()) {
    const opening = childrenNamed(stmt, 'Bal').find((b) =>
      ['OPBD', 'PRCD'].includes(childText(b, 'Tp', 'CdOrPrtry', 'Cd') ?? ''),
    );
    let running = opening ? signedAmount(opening, currency, `Statement ${s + 1} opening balance`) : null;
    for (const [n, entry] of childrenNamed(stmt, 'Ntry').entries()) {
      const where = `Entry ${n + 1}`;
      const amount = signedAmount(entry, currency, where);
      if (amount.isZero()) throw fileError(where, 'the amount is zero');
      const lineDate = dateOf(child(entry, 'BookgDt'), where) ?? dateOf(child(entry, 'ValDt'), where);
      if (!lineDate) throw fileError(where, 'no booking date');
      const tx = child(entry, 'NtryDtls', 'TxDtls');
      running = running?.plus(amount) ?? null;
      const bankRef = reported(childText(entry, 'AcctSvcrRef'));
      lines.push({
        lineDate,
        valueDate: dateOf(child(entry, 'ValDt'), where),
        reference:
          reported(childText(tx, 'Refs', 'EndToEndId')) ??
          reported(childText(tx, 'Refs', 'InstrId')) ??
          reported(childText(entry, 'NtryRef')) ??
          bankRef,
        description:
          childText(entry, 'AddtlNtryInf') ??
          childText(tx, 'RmtInf', 'Ustrd') ??
          childText(tx, 'AddtlTxInf') ??
          '',
        amountIn: amount.isNegative() ? '0.00' : amount.toFixed(2),
        amountOut: amount.isNegative() ? amount.neg().toFixed(2) : '0.00',
        balance: running?.toFixed(2) ?? null,
        bankRef,
      });
    }
  }
  if (lines.length === 0) throw fileError('XML', 'the statement has no entries');
  return lines;
}
