import { type Dec, type DecimalLike, dec, sum } from './money.ts';

/**
 * Posting rules: which configured account (a mapping role) each business event debits and
 * credits. Pure: event in, balanced lines out; the API picks the accounts and writes them.
 */
export type PostingRole =
  | 'buyer_receivable'
  | 'crop_proceeds_payable'
  | 'payable_amcos'
  | 'payable_farmers'
  | 'payable_beneficiaries'
  | 'payable_transporters'
  | 'farmer_loans'
  | 'collection_bank'
  | 'operation_bank'
  | 'inventory'
  | 'grni'
  | 'supplier_payables'
  | 'vat_input'
  | 'vat_output'
  | 'inputs_issued_expense'
  | 'levy_income'
  /** Collection book: what the Collection book owes the Operation book (credit) or is owed. */
  | 'due_to_operation'
  /** Operation book: what the Collection book owes the Operation book (debit), its mirror. */
  | 'due_from_collection'
  /** Operation book: what farmers paid over (or under) the cost of the inputs they were given (#14). */
  | 'input_margin_income'
  /** Operation book: the programme's share of subsidised inputs, owed to the union (#14). */
  | 'input_subsidy_receivable'
  /** Collection book: what a payout provider charged for sending the farmers' money (#30). */
  | 'payout_fees'
  /** Operation book: the members' (the AMCOS') share capital in the union (#32). */
  | 'share_capital'
  /** Operation book: entrance fees members pay when they join (#32). */
  | 'entrance_fee_income'
  /** Operation book: where the closed year's surplus sits until appropriated (#32). */
  | 'operation_retained_earnings'
  /** Operation book: the statutory reserve the appropriation credits (#32). */
  | 'general_reserve'
  /** Operation book: dividends and patronage bonus owed to the AMCOS until paid (#32). */
  | 'dividends_payable';

export type PayableRole =
  | 'payable_amcos'
  | 'payable_farmers'
  | 'payable_beneficiaries'
  | 'payable_transporters'
  | 'dividends_payable';

export type BusinessEventBody =
  /**
   * Dr buyer receivable / Cr crop proceeds payable. With `buyerLevies` (deductions the buyer pays
   * on top of the price), the receivable is amount + levies and the levies go to Cr payable to
   * beneficiaries.
   */
  | { type: 'sales_invoice'; amount: DecimalLike; buyerLevies?: DecimalLike }
  /** Dr collection bank / Cr buyer receivable. */
  | { type: 'buyer_receipt'; amount: DecimalLike }
  /** Dr crop proceeds payable / Cr what each party is owed and the loans recovered. */
  | {
      type: 'settlement';
      amcos: DecimalLike;
      farmers: DecimalLike;
      beneficiaries: DecimalLike;
      transporters: DecimalLike;
      loanRecovery: DecimalLike;
      /** Members' unpaid shares paid from crop money (#32): owed to their AMCOS, its own line. */
      memberShares?: DecimalLike;
    }
  /** Dr the payable / Cr collection bank. */
  | { type: 'payout'; payable: PayableRole; amount: DecimalLike }
  /** A payout provider's fees for a batch it sent (#30): Dr payout fees / Cr collection bank. */
  | { type: 'payout_fee'; amount: DecimalLike }
  /** Dr inventory / Cr goods received not invoiced. */
  | { type: 'goods_received'; amount: DecimalLike }
  /** Dr GRNI and input VAT / Cr supplier payables. */
  | { type: 'purchase_invoice'; net: DecimalLike; vat: DecimalLike }
  /** Dr supplier payables / Cr operation bank. */
  | { type: 'supplier_payment'; amount: DecimalLike }
  /** Dr inputs issued (expense) / Cr inventory. */
  | { type: 'stock_issue'; amount: DecimalLike }
  /**
   * A loan given to a farmer: Dr farmer loans / Cr what paid it: the collection bank by default
   * (the caller names the bank or cash account), or `against` (inventory, income) for inputs on
   * credit. The two may sit in different books: post it across books then.
   */
  | { type: 'loan_issued'; amount: DecimalLike; against?: PostingRole }
  /**
   * The union's own share of a settlement: Dr payable to beneficiaries (Collection) / Cr levy
   * income (Operation). Spans both books: posted through due-to / due-from.
   */
  | { type: 'union_income'; amount: DecimalLike }
  /**
   * A member pays for its shares or its entrance fee into a bank or cash account (#32):
   * Dr the account that received it (operation bank by default) / Cr share capital or entrance fees.
   */
  | { type: 'member_payment'; kind: 'shares' | 'entrance_fee'; amount: DecimalLike }
  /**
   * AMCOS pay their unpaid union shares from their levy at a settlement (#32): Dr payable to AMCOS
   * (Collection) / Cr share capital (Operation). Spans both books: posted through due-to / due-from.
   */
  | { type: 'amcos_shares'; amount: DecimalLike }
  /**
   * The approved appropriation of a closed year's surplus (#32): Dr retained earnings for all of it
   * / Cr the general reserve (the statutory reserve), Cr dividends payable (dividend + bonus).
   */
  | { type: 'surplus_appropriation'; reserve: DecimalLike; dividend: DecimalLike; bonus: DecimalLike }
  /**
   * An AMCOS that chose it has its dividend and bonus pay its unpaid shares first (#32): Dr dividends
   * payable / Cr share capital, both Operation book.
   */
  | { type: 'dividend_to_shares'; amount: DecimalLike }
  /**
   * A second payment to farmers the union approved (#32): Dr retained earnings (Operation, the
   * union's own accumulated surplus) / Cr payable to farmers (Collection, paid from the collection
   * bank like their crop money). Spans both books: posted through due-to / due-from.
   */
  | { type: 'second_payment'; amount: DecimalLike }
  /**
   * Money moved between the books' banks: from the collection bank to the operation bank (the
   * default: the union's income), or `from: 'operation'` the other way (funding what the collection
   * bank pays, e.g. a second payment, #32). Spans both books: posted through due-to / due-from.
   */
  | { type: 'book_transfer'; amount: DecimalLike; from?: BookName }
  /**
   * Inputs given to a farmer from a store (#14): Cr inventory at cost; Dr farmer loans (credit or
   * the farmer's part of subsidised inputs), the operation bank (cash), the subsidy receivable
   * (the programme's share) and inputs issued expense (free inputs, at cost); what the farmer and
   * the programme pay beyond the cost is margin income (a debit when they pay less). `reverse`
   * posts the same lines the other way round (a cancelled distribution).
   */
  | {
      type: 'input_distribution';
      cost: DecimalLike;
      loan: DecimalLike;
      cash: DecimalLike;
      subsidy: DecimalLike;
      free: DecimalLike;
      reverse?: boolean;
    };

export type PostingLine = { role: PostingRole; debit: Dec; credit: Dec };

const dr = (role: PostingRole, amount: DecimalLike): PostingLine => ({
  role,
  debit: dec(amount),
  credit: dec(0),
});
const cr = (role: PostingRole, amount: DecimalLike): PostingLine => ({
  role,
  debit: dec(0),
  credit: dec(amount),
});

function linesOf(event: BusinessEventBody): PostingLine[] {
  switch (event.type) {
    case 'sales_invoice': {
      const levies = event.buyerLevies ?? 0;
      return [
        dr('buyer_receivable', dec(event.amount).plus(dec(levies))),
        cr('crop_proceeds_payable', event.amount),
        cr('payable_beneficiaries', levies),
      ];
    }
    case 'buyer_receipt':
      return [dr('collection_bank', event.amount), cr('buyer_receivable', event.amount)];
    case 'settlement': {
      const shares = event.memberShares ?? 0;
      const parts = [
        event.amcos,
        event.farmers,
        event.beneficiaries,
        event.transporters,
        event.loanRecovery,
        shares,
      ];
      return [
        dr('crop_proceeds_payable', sum(parts)),
        cr('payable_amcos', event.amcos),
        cr('payable_amcos', shares),
        cr('payable_farmers', event.farmers),
        cr('payable_beneficiaries', event.beneficiaries),
        cr('payable_transporters', event.transporters),
        cr('farmer_loans', event.loanRecovery),
      ];
    }
    case 'payout':
      // Dividends and bonus are the union's own money (#32): paid from the operation bank.
      return [
        dr(event.payable, event.amount),
        cr(event.payable === 'dividends_payable' ? 'operation_bank' : 'collection_bank', event.amount),
      ];
    case 'payout_fee':
      return [dr('payout_fees', event.amount), cr('collection_bank', event.amount)];
    case 'goods_received':
      return [dr('inventory', event.amount), cr('grni', event.amount)];
    case 'purchase_invoice':
      return [
        dr('grni', event.net),
        dr('vat_input', event.vat),
        cr('supplier_payables', dec(event.net).plus(dec(event.vat))),
      ];
    case 'supplier_payment':
      return [dr('supplier_payables', event.amount), cr('operation_bank', event.amount)];
    case 'stock_issue':
      return [dr('inputs_issued_expense', event.amount), cr('inventory', event.amount)];
    case 'loan_issued':
      return [dr('farmer_loans', event.amount), cr(event.against ?? 'collection_bank', event.amount)];
    case 'union_income':
      return [dr('payable_beneficiaries', event.amount), cr('levy_income', event.amount)];
    case 'member_payment':
      return [
        dr('operation_bank', event.amount),
        cr(event.kind === 'shares' ? 'share_capital' : 'entrance_fee_income', event.amount),
      ];
    case 'amcos_shares':
      return [dr('payable_amcos', event.amount), cr('share_capital', event.amount)];
    case 'surplus_appropriation': {
      const payable = dec(event.dividend).plus(dec(event.bonus));
      return [
        dr('operation_retained_earnings', dec(event.reserve).plus(payable)),
        cr('general_reserve', event.reserve),
        cr('dividends_payable', payable),
      ];
    }
    case 'dividend_to_shares':
      return [dr('dividends_payable', event.amount), cr('share_capital', event.amount)];
    case 'second_payment':
      return [dr('operation_retained_earnings', event.amount), cr('payable_farmers', event.amount)];
    case 'book_transfer':
      return event.from === 'operation'
        ? [dr('collection_bank', event.amount), cr('operation_bank', event.amount)]
        : [dr('operation_bank', event.amount), cr('collection_bank', event.amount)];
    case 'input_distribution': {
      const margin = sum([event.loan, event.cash, event.subsidy, event.free]).minus(dec(event.cost));
      const lines = [
        dr('farmer_loans', event.loan),
        dr('operation_bank', event.cash),
        dr('input_subsidy_receivable', event.subsidy),
        dr('inputs_issued_expense', event.free),
        margin.isNegative() ? dr('input_margin_income', margin.negated()) : cr('input_margin_income', margin),
        cr('inventory', event.cost),
      ];
      return event.reverse ? lines.map((l) => ({ role: l.role, debit: l.credit, credit: l.debit })) : lines;
    }
  }
}

/**
 * The balanced lines an event posts, zero lines left out. Throws on a negative amount or an
 * event that moves nothing: the caller's business action fails with it.
 */
export function postingLines(event: BusinessEventBody): PostingLine[] {
  const lines = linesOf(event);
  for (const line of lines) {
    if (line.debit.isNegative() || line.credit.isNegative()) {
      throw new RangeError(`A ${event.type} cannot post a negative amount to ${line.role}`);
    }
  }
  const kept = lines.filter((l) => l.debit.gt(0) || l.credit.gt(0));
  const debit = sum(kept.map((l) => l.debit));
  const credit = sum(kept.map((l) => l.credit));
  if (!debit.eq(credit) || debit.isZero())
    throw new RangeError(`A ${event.type} of nothing cannot be posted`);
  return kept;
}

export type BookName = 'collection' | 'operation';

/** The account each book uses for what one book owes the other. */
export const DUE_ROLE: Record<BookName, PostingRole> = {
  collection: 'due_to_operation',
  operation: 'due_from_collection',
};

/**
 * The lines that make an event spanning both books balance in each: every book's difference
 * (debits - credits) goes to its due-to / due-from account, credit when the book received more
 * than it gave. The two differences are equal and opposite (the event balances as a whole), so
 * due to Operation (Collection) and due from Collection (Operation) move by the same amount.
 * One book only: no line.
 */
export function interBookLines(
  lines: { book: BookName; debit: DecimalLike; credit: DecimalLike }[],
): (PostingLine & { book: BookName })[] {
  const difference = (book: BookName) =>
    sum(lines.filter((l) => l.book === book).map((l) => dec(l.debit).minus(dec(l.credit))));
  const collection = difference('collection');
  const operation = difference('operation');
  if (!collection.plus(operation).isZero()) throw new RangeError('The lines do not balance across the books');
  if (collection.isZero()) return [];
  return (['collection', 'operation'] as const).map((book) => {
    const d = book === 'collection' ? collection : operation;
    const line = d.gt(0) ? cr(DUE_ROLE[book], d) : dr(DUE_ROLE[book], d.negated());
    return { ...line, book };
  });
}
