import type {
  FinancialStatementAccount,
  FinancialStatementLine,
  FinancialStatementSection,
  StatementFigures,
} from '@ushirika/contracts';
import { ZERO } from './ledger.ts';
import type { Dec } from './money.ts';
import { fixed, type RawAccount, type RawLine, type RawSection } from './statements.ts';

/** An amount beside its comparative (null when none was asked for) and the change between them. */
export function pair(amount: Dec, comparative: Dec | null): StatementFigures {
  return {
    amount: fixed(amount),
    comparative: comparative === null ? null : fixed(comparative),
    change: comparative === null ? null : fixed(amount.minus(comparative)),
  };
}

/** Accounts with their comparatives (an account found in one period only shows zero in the other). */
export function compareAccounts(
  current: RawAccount[],
  previous: RawAccount[] | null,
): FinancialStatementAccount[] {
  const ids = [...new Set([...current, ...(previous ?? [])].map((a) => a.accountId))];
  return ids.map((id) => {
    const now = current.find((a) => a.accountId === id);
    const before = previous?.find((a) => a.accountId === id);
    const account = now ?? before;
    if (!account) throw new Error('unreachable: an id from one of the lists');
    const { amount: _, ...rest } = account;
    return { ...rest, ...pair(now?.amount ?? ZERO, previous ? (before?.amount ?? ZERO) : null) };
  });
}

function mergeLines(current: RawLine[], previous: RawLine[] | null): FinancialStatementLine[] {
  const keys = [...new Set([...current, ...(previous ?? [])].map((l) => l.key))];
  return keys.map((key) => {
    const now = current.find((l) => l.key === key);
    const before = previous?.find((l) => l.key === key);
    const line = now ?? before;
    if (!line) throw new Error('unreachable: a key from one of the lists');
    return {
      key,
      name: line.name,
      system: line.system,
      ...pair(now?.amount ?? ZERO, previous ? (before?.amount ?? ZERO) : null),
      accounts: compareAccounts(now?.accounts ?? [], previous ? (before?.accounts ?? []) : null),
    };
  });
}

/**
 * A statement's sections with the same period of the previous year beside them: a line or an
 * account found in only one of the two periods shows with zero in the other.
 */
export function compareSections(
  current: RawSection[],
  previous: RawSection[] | null,
): FinancialStatementSection[] {
  return current.map((section) => {
    const before = previous?.find((s) => s.key === section.key) ?? null;
    return {
      key: section.key,
      name: section.name,
      lines: mergeLines(section.lines, previous ? (before?.lines ?? []) : null),
      total: pair(section.total, previous ? (before?.total ?? ZERO) : null),
    };
  });
}
