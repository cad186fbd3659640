import { dec, entryTotals } from '@ushirika/domain';
import { formatDecimal } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * The journal entry form's lines as the accountant types them (issue #20): what the balance line
 * says, and why the lines cannot be saved, in the user's language with amounts formatted as the
 * screens show them. The API checks the same rules (packages/domain) on save.
 */
export type TypedLine = { accountId: string; debit: string; credit: string };

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** What a half-typed amount counts for in the live totals ("12." counts as 12, "" as 0). */
export function asAmount(text: string): string {
  const trimmed = text.trim().replace(/\.$/, '');
  return AMOUNT.test(trimmed) ? trimmed : '0';
}

const typedAmount = (text: string) => text.trim() !== '' && !AMOUNT.test(text.trim().replace(/\.$/, ''));
const money = (value: { toFixed: (n: number) => string }) => formatDecimal(value.toFixed(2));

/** The balance line under the lines: nothing to say on an empty form, then balanced or by how much not. */
export function balanceState(lines: TypedLine[]): {
  tone: 'empty' | 'balanced' | 'unbalanced';
  text: string;
} {
  const totals = entryTotals(lines.map((l) => ({ debit: asAmount(l.debit), credit: asAmount(l.credit) })));
  if (totals.debit.isZero() && totals.credit.isZero())
    return { tone: 'empty', text: i18n.t('acc.enterAmounts') };
  if (totals.balanced) return { tone: 'balanced', text: i18n.t('acc.balanced') };
  return { tone: 'unbalanced', text: i18n.t('acc.unbalanced', { amount: money(totals.difference.abs()) }) };
}

/** Why the typed lines cannot be saved, or null. Blank lines are left out. */
export function linesProblem(lines: TypedLine[]): string | null {
  const filled = lines.filter((l) => l.accountId || l.debit.trim() || l.credit.trim());
  for (const [i, line] of filled.entries()) {
    if (typedAmount(line.debit) || typedAmount(line.credit))
      return i18n.t('acc.lineBadAmount', { line: i + 1 });
  }
  if (filled.some((l) => !l.accountId)) return i18n.t('acc.lineNeedsAccount');
  if (filled.length < 2) return i18n.t('acc.needTwoLines');
  for (const [i, line] of filled.entries()) {
    if (dec(asAmount(line.debit)).gt(0) === dec(asAmount(line.credit)).gt(0))
      return i18n.t('acc.lineOneSide', { line: i + 1 });
  }
  const totals = entryTotals(filled.map((l) => ({ debit: asAmount(l.debit), credit: asAmount(l.credit) })));
  if (!totals.balanced)
    return i18n.t('acc.mustBalance', { debit: money(totals.debit), credit: money(totals.credit) });
  return null;
}
