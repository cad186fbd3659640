import type { AccountType, Book, CashFlowActivity, StatementSection } from '@ushirika/contracts';
import { ZERO } from './ledger.ts';
import type { Dec } from './money.ts';

/**
 * The financial statements from each account's posted figures (#28). Everything here is pure: the
 * API reads the figures (statements/account-figures.ts) and the mapping, these functions lay them
 * out. Amounts are net debits (debit − credit) until they are signed for a section.
 */

/** A statement line as the accountant mapped it, with the class of account its section holds. */
export type LineDefinition = {
  code: string;
  section: StatementSection;
  name: string;
  cashFlow: CashFlowActivity;
  sortOrder: number;
  type: AccountType;
};

/** Which line a class, a group or one account goes to (the most specific wins). */
export type LineRules = {
  account: ReadonlyMap<string, string>;
  group: ReadonlyMap<string, string>;
  class: ReadonlyMap<string, string>;
};

/** One account's posted figures over a period [from, to], as net debits. */
export type AccountFigures = {
  id: string;
  code: string;
  name: string;
  book: Book;
  type: AccountType;
  groupId: string;
  classId: string;
  /** A bank or cash account: the cash of the statement of cash flows. */
  cash: boolean;
  /** One of the due-to / due-from pair between the books (mapped roles). */
  interBook: boolean;
  /** Everything posted before `from`, the closing entries of the years before included. */
  opening: Dec;
  /** Posted in the period, the year-end closing entries left out. */
  movement: Dec;
  /**
   * The closing entries (income and expenses into retained earnings) in the period of the years
   * before the one it ends in: a period over several years carries the earlier years' closes.
   * The close of the year it ends in is never counted, so a year's statements read the same
   * before and after it is closed.
   */
  closedEarlier: Dec;
};

/** Names of what the system adds (sections, computed lines), in the reader's language. */
export type Labels = (key: string, values?: Record<string, string>) => string;

export type StatementContext = {
  lines: readonly LineDefinition[];
  rules: LineRules;
  /** `union`: both books, the due-to / due-from pair eliminated. */
  union: boolean;
  labels: Labels;
};

export type RawAccount = { accountId: string; code: string; name: string; book: Book; amount: Dec };
export type RawLine = { key: string; name: string; system: boolean; amount: Dec; accounts: RawAccount[] };
export type RawSection = { key: string; name: string; lines: RawLine[]; total: Dec };

export const POSITION_SECTIONS: readonly StatementSection[] = [
  'non_current_assets',
  'current_assets',
  'non_current_liabilities',
  'current_liabilities',
  'share_capital',
  'reserves',
  'accumulated_surplus',
];
const ASSET_SECTIONS = new Set<string>(['non_current_assets', 'current_assets']);
const LIABILITY_SECTIONS = new Set<string>(['non_current_liabilities', 'current_liabilities']);
export const FUND_COLUMNS = ['share_capital', 'reserves', 'accumulated_surplus'] as const;

/** Where an account with no line of its kind shows (as "Accounts not mapped"). */
const UNMAPPED_SECTION: Record<AccountType, StatementSection> = {
  asset: 'current_assets',
  liability: 'current_liabilities',
  equity: 'reserves',
  income: 'income',
  expense: 'expenditure',
};

/** The balance at the end of the period, before the close of the year the period ends in. */
export const balanceAtEnd = (a: AccountFigures): Dec => a.opening.plus(a.movement).plus(a.closedEarlier);
export const isIncomeOrExpense = (a: Pick<AccountFigures, 'type'>) =>
  a.type === 'income' || a.type === 'expense';
/** Assets and expenses are shown as debits, the rest as credits. */
export const natural = (type: AccountType, netDebit: Dec): Dec =>
  type === 'asset' || type === 'expense' ? netDebit : netDebit.negated();
/** A name inside a sentence: "Receivables" → "receivables", but "VAT payable" and "AMCOS" as they are. */
export const inSentence = (name: string): string =>
  /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;

/** A money string with no "-0.00". */
export const fixed = (d: Dec): string => (d.isZero() ? '0.00' : d.toFixed(2));

/** The line an account shows on: its own rule, else its group's, else its class's; a rule for a line of another kind is passed over. */
export function lineFor(account: AccountFigures, ctx: StatementContext): LineDefinition | null {
  const byCode = (code: string | undefined) =>
    code === undefined ? undefined : ctx.lines.find((l) => l.code === code && l.type === account.type);
  return (
    byCode(ctx.rules.account.get(account.id)) ??
    byCode(ctx.rules.group.get(account.groupId)) ??
    byCode(ctx.rules.class.get(account.classId)) ??
    null
  );
}

/** A computed line's place: where it goes and how it is named. */
export type Placement = { section: string; key: string; name: string; system: boolean; order: number };

export function placementOf(account: AccountFigures, ctx: StatementContext): Placement {
  if (account.interBook) {
    const key = account.type === 'asset' ? 'due_from_collection' : 'due_to_operation';
    const section = account.type === 'asset' ? 'current_assets' : 'current_liabilities';
    return { section, key, name: ctx.labels(`lines.${key}`), system: true, order: 20_000 };
  }
  const line = lineFor(account, ctx);
  if (line)
    return { section: line.section, key: line.code, name: line.name, system: false, order: line.sortOrder };
  const key = `unmapped_${account.type}`;
  return {
    section: UNMAPPED_SECTION[account.type],
    key,
    name: ctx.labels('lines.unmapped'),
    system: true,
    order: 30_000,
  };
}

/** Collects amounts into sections and lines, in the sections' order; zero amounts are left out. */
export class SectionBuilder {
  private readonly lines = new Map<string, RawLine & { section: string; order: number }>();

  add(place: Placement, account: AccountFigures, amount: Dec): void {
    if (amount.isZero()) return;
    let line = this.lines.get(place.key);
    if (!line) {
      line = {
        key: place.key,
        name: place.name,
        system: place.system,
        amount: ZERO,
        accounts: [],
        section: place.section,
        order: place.order,
      };
      this.lines.set(place.key, line);
    }
    line.amount = line.amount.plus(amount);
    line.accounts.push({
      accountId: account.id,
      code: account.code,
      name: account.name,
      book: account.book,
      amount,
    });
  }

  /** The sections in `keys` order, each named by `nameOf`, its lines by order then name. */
  sections(keys: readonly string[], nameOf: (key: string) => string): RawSection[] {
    return keys.map((key) => {
      const lines = [...this.lines.values()]
        .filter((l) => l.section === key)
        .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
        .map(({ section: _s, order: _o, ...line }) => ({
          ...line,
          accounts: line.accounts.sort(
            (a, b) => a.book.localeCompare(b.book) || a.code.localeCompare(b.code),
          ),
        }));
      return { key, name: nameOf(key), lines, total: lines.reduce((t, l) => t.plus(l.amount), ZERO) };
    });
  }
}

export const sectionTotal = (sections: RawSection[], keys: ReadonlySet<string> | readonly string[]) => {
  const wanted = new Set(keys);
  return sections.filter((s) => wanted.has(s.key)).reduce((t, s) => t.plus(s.total), ZERO);
};

export type PositionFigures = {
  sections: RawSection[];
  assets: Dec;
  liabilities: Dec;
  funds: Dec;
  /** The union's eliminated pair (credit balance of due-to, debit balance of due-from); null for a book. */
  elimination: { dueToOperation: Dec; dueFromCollection: Dec } | null;
};

/**
 * The statement of financial position from each account's balance at the end, before the close of
 * the year it is in: income less expenditure of that year shows as the surplus for the year, what
 * earlier years left unclosed as such, both in the accumulated surplus. Closing the year moves
 * the surplus into retained earnings and changes no figure here.
 */
export function financialPosition(
  accounts: readonly AccountFigures[],
  ctx: StatementContext,
): PositionFigures {
  const builder = new SectionBuilder();
  let dueTo = ZERO;
  let dueFrom = ZERO;
  const surplus = (key: string): Placement => ({
    section: 'accumulated_surplus',
    key,
    name: ctx.labels(`lines.${key}`),
    system: true,
    order: key === 'current_surplus' ? 20_001 : 20_000,
  });
  for (const account of accounts) {
    const balance = balanceAtEnd(account);
    if (isIncomeOrExpense(account)) {
      builder.add(surplus('earlier_surplus'), account, account.opening.plus(account.closedEarlier).negated());
      builder.add(surplus('current_surplus'), account, account.movement.negated());
    } else if (account.interBook && ctx.union) {
      if (account.type === 'asset') dueFrom = dueFrom.plus(balance);
      else dueTo = dueTo.minus(balance);
    } else builder.add(placementOf(account, ctx), account, natural(account.type, balance));
  }
  const sections = builder.sections(POSITION_SECTIONS, (key) => ctx.labels(`sections.${key}`));
  return {
    sections,
    assets: sectionTotal(sections, ASSET_SECTIONS),
    liabilities: sectionTotal(sections, LIABILITY_SECTIONS),
    funds: sectionTotal(sections, FUND_COLUMNS),
    elimination: ctx.union ? { dueToOperation: dueTo, dueFromCollection: dueFrom } : null,
  };
}

export type IncomeFigures = { sections: RawSection[]; income: Dec; expenditure: Dec; surplus: Dec };

/** The statement of income and expenditure: the period's movements, the closing entries left out. */
export function incomeAndExpenditure(
  accounts: readonly AccountFigures[],
  ctx: StatementContext,
): IncomeFigures {
  const builder = new SectionBuilder();
  for (const account of accounts) {
    if (isIncomeOrExpense(account)) {
      builder.add(placementOf(account, ctx), account, natural(account.type, account.movement));
    }
  }
  const sections = builder.sections(['income', 'expenditure'], (key) => ctx.labels(`sections.${key}`));
  const income = sectionTotal(sections, ['income']);
  const expenditure = sectionTotal(sections, ['expenditure']);
  return { sections, income, expenditure, surplus: income.minus(expenditure) };
}

/** The period's surplus (income − expenditure, the closing entries left out). */
export const surplusOf = (accounts: readonly AccountFigures[]): Dec =>
  accounts.filter(isIncomeOrExpense).reduce((s, a) => s.minus(a.movement), ZERO);
