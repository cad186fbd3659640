import { type DeductionLine, type DeductionRuleInput, splitGross } from './deductions.ts';
import { D, type Dec, dec, round, splitExact, sum } from './money.ts';

/**
 * Settlement of one sold and paid lot: its gross (sold kg x price, rounded to the cent) is split
 * by the season crop's deduction rules (`splitGross`, the same split the preview shows) into what
 * each beneficiary, each transporter and the AMCOS are owed; what is left (the farmers' payable)
 * is shared among the farmers whose collections went into the lot, by their collected kg; each
 * farmer's outstanding loans are recovered from their share, oldest loan first, never more than
 * the share.
 *
 * Transit variance: the lot is sold on the warehouse weight (`kg`); farmers delivered
 * `collectedKg`. Farmers are paid their collected-kg share of the lot's value, so a loss (or gain)
 * in transit is borne by the lot's farmers pro rata, and the lot always reconciles:
 *
 *   gross = beneficiaries + transporters + AMCOS + farmers' net + loan recovery + member shares
 *
 * (to the cent). A member's unpaid shares come after their loans: from what is left of their money.
 *
 * Buyer-paid rules were invoiced to the buyer on top of the price: they are paid to their
 * recipients from what the buyer paid and never touch the farmers (reported apart, `buyerLines`).
 */

export type Payee =
  | { type: 'beneficiary'; id: string }
  | { type: 'amcos'; id: string }
  | { type: 'transporter'; id: string };

/** A deduction rule with who receives it. Transporter rules go to the lot's transporters by kg. */
export type SettlementRule = DeductionRuleInput &
  (
    | { recipient: 'beneficiary'; beneficiaryId: string }
    | { recipient: 'amcos' }
    | { recipient: 'transporter' }
  );

export type LoanBalance = { loanId: string; outstanding: string };

/**
 * A farmer's membership of their society as settlement reads it (#32): the society whose register
 * holds them and what of their subscribed shares is still unpaid. Carried from lot to lot, as loans.
 */
export type MemberShares = { amcosId: string; unpaid: string };

/**
 * The season crop's member-shares rule for a lot (deduction rule kind `member_shares`): after the
 * loans, up to `percent` of what is left of each member's money (100 = all of it) pays their unpaid
 * shares to the lot's AMCOS.
 */
export type SharesRule = { ruleId: string; name: string; percent: string };

/**
 * An AMCOS's unpaid shares in the union (#32): the union's register, by the AMCOS's id. With the
 * lot's `amcosSharesRule` (deduction rule kind `amcos_shares`), up to its percent of the AMCOS's
 * levy on the lot pays them to the union. Carried from lot to lot, as loans.
 */
export type UnionShares = ReadonlyMap<string, string>;

export type LotToSettle = {
  lotId: string;
  amcosId: string;
  /** Sold (warehouse) kg, 3 dp. */
  kg: string;
  bags: number;
  pricePerKg: string;
  /** Sale date, to pick the rules valid that day. */
  on?: string;
  rules: SettlementRule[];
  /**
   * The lot's transporters with the kg each carried (weights for transporter rules) and the
   * transport charge each is owed for this lot (its share of the delivery notes' charges; "0" when
   * a transporter rule pays them instead). Charges come off the farmers' side after the rules.
   */
  transporters: { transporterId: string; kg: string; charge: string }[];
  /** The farmers' collections in the lot (a farmer may appear on several collections). */
  collections: { farmerId: string; kg: string }[];
  /** The member-shares rule valid for the lot, if the season crop has one. */
  sharesRule?: SharesRule | null;
  /** The AMCOS-shares rule valid for the lot (#32): its AMCOS's union shares from its levy. */
  amcosSharesRule?: SharesRule | null;
};

export type SettledDeduction = {
  ruleId: string | null;
  name: string;
  payer: 'farmer' | 'buyer';
  payee: Payee;
  amount: string;
};

export type SettledFarmer = {
  farmerId: string;
  /** The farmer's collected kg in the lot. */
  kg: string;
  /** Their share of the gross = deductions + owed. */
  grossShare: string;
  /** Their share of the farmer-paid deductions. */
  deductions: string;
  /** What the lot owes them before loans. */
  owed: string;
  loanRecovery: string;
  recoveries: { loanId: string; amount: string }[];
  /** Their unpaid member shares paid from what was left after the loans (#32). */
  memberShares: string;
  /** What is paid to them: owed = loanRecovery + memberShares + net. */
  net: string;
};

/** One lot settled: its split (the same figures as a settlement's totals), its lines and its farmers. */
export type LotSettlement = SettlementTotals & {
  lotId: string;
  amcosId: string;
  kg: string;
  collectedKg: string;
  pricePerKg: string;
  /** Farmer-paid lines (rules and transport charges), out of the gross. */
  deductions: SettledDeduction[];
  /** Buyer-paid lines, on top of the gross (already invoiced to the buyer). */
  buyerLines: SettledDeduction[];
  farmers: SettledFarmer[];
};

const m = (v: Dec) => v.toFixed(2);
const ZERO = new D(0);

function payeesOf(rule: SettlementRule, lot: LotToSettle, amount: Dec): { payee: Payee; amount: Dec }[] {
  if (rule.recipient === 'beneficiary')
    return [{ payee: { type: 'beneficiary', id: rule.beneficiaryId }, amount }];
  if (rule.recipient === 'amcos') return [{ payee: { type: 'amcos', id: lot.amcosId }, amount }];
  const carriers = lot.transporters.filter((t) => dec(t.kg).gt(0));
  if (carriers.length === 0)
    throw new RangeError(`Lot ${lot.lotId} has a transporter rule but no transporter`);
  const parts = splitExact(
    amount,
    carriers.map((t) => t.kg),
  );
  return carriers.map((t, i) => ({
    payee: { type: 'transporter', id: t.transporterId },
    amount: parts[i] ?? ZERO,
  }));
}

function copyMembers(members: ReadonlyMap<string, MemberShares>): Map<string, MemberShares> {
  return new Map([...members].map(([farmerId, m]) => [farmerId, { ...m }]));
}

/**
 * What a member's shares take from `room` (what the farmer is owed after loans), in cents: up to
 * the rule's percent of it (half-up), never more than the unpaid shares nor than the room. A farmer
 * who is no member of the lot's society, or whose shares are paid, gives nothing.
 */
function sharesTaken(room: bigint, member: MemberShares | undefined, lot: LotToSettle): bigint {
  if (!lot.sharesRule || !member || member.amcosId !== lot.amcosId || room <= 0n) return 0n;
  const unpaid = scaled(member.unpaid, 2);
  if (unpaid <= 0n) return 0n;
  const cap = scaled(
    round(dec(unscaled(room, 2)).times(dec(lot.sharesRule.percent)).div(100), 2).toFixed(2),
    2,
  );
  let take = cap < room ? cap : room;
  if (take > unpaid) take = unpaid;
  member.unpaid = unscaled(unpaid - take, 2);
  return take;
}

/**
 * What the lot's AMCOS pays of its unpaid union shares from its levy on the lot, in cents: up to
 * the rule's percent of the levy (half-up), never more than the unpaid shares nor than the levy.
 */
function amcosSharesTaken(levy: Dec, unionLeft: Map<string, string>, lot: LotToSettle): bigint {
  const unpaid = scaled(unionLeft.get(lot.amcosId) ?? '0', 2);
  const owed = scaled(m(levy), 2);
  if (!lot.amcosSharesRule || unpaid <= 0n || owed <= 0n) return 0n;
  const cap = scaled(round(levy.times(dec(lot.amcosSharesRule.percent)).div(100), 2).toFixed(2), 2);
  let take = cap < owed ? cap : owed;
  if (take > unpaid) take = unpaid;
  unionLeft.set(lot.amcosId, unscaled(unpaid - take, 2));
  return take;
}

function copyLoans(loans: ReadonlyMap<string, readonly LoanBalance[]>): Map<string, LoanBalance[]> {
  const copy = new Map<string, LoanBalance[]>();
  for (const [farmerId, list] of loans)
    copy.set(
      farmerId,
      list.map((l) => ({ ...l })),
    );
  return copy;
}

/** Settles one lot against the given loan balances; returns the settlement and the balances left. */
export function settleLot(
  lot: LotToSettle,
  loans: ReadonlyMap<string, readonly LoanBalance[]> = new Map(),
  members: ReadonlyMap<string, MemberShares> = new Map(),
  union: UnionShares = new Map(),
): { settlement: LotSettlement; loansLeft: Map<string, LoanBalance[]> } {
  const loansLeft = copyLoans(loans);
  return {
    settlement: settleLotAgainst(lot, loansLeft, copyMembers(members), new Map(union)),
    loansLeft,
  };
}

/** The lot's deductions from the farmers and from the buyer, each with its payee (transport charges last). */
function lotDeductions(lot: LotToSettle) {
  const transportRules: SettlementRule[] = lot.transporters
    .filter((t) => dec(t.charge).gt(0))
    .map((t, i) => ({
      id: `transport:${t.transporterId}`,
      name: 'Transport charge',
      payer: 'farmer',
      basis: 'fixed',
      rate: t.charge,
      order: Number.MAX_SAFE_INTEGER - lot.transporters.length + i,
      recipient: 'transporter',
    }));
  const split = splitGross({ kg: lot.kg, pricePerKg: lot.pricePerKg, bags: lot.bags, on: lot.on }, [
    ...lot.rules,
    ...transportRules,
  ]);
  const ruleById = new Map<string, SettlementRule>(lot.rules.map((r) => [r.id, r]));
  const settled = (line: DeductionLine): SettledDeduction[] => {
    const isCharge = line.ruleId.startsWith('transport:') && !ruleById.has(line.ruleId);
    const amount = dec(line.amount);
    if (isCharge) {
      const transporterId = line.ruleId.slice('transport:'.length);
      return [
        {
          ruleId: null,
          name: line.name,
          payer: 'farmer',
          payee: { type: 'transporter', id: transporterId },
          amount: m(amount),
        },
      ];
    }
    const rule = ruleById.get(line.ruleId);
    if (!rule) throw new Error(`Unknown rule ${line.ruleId}`);
    return payeesOf(rule, lot, amount).map((p) => ({
      ruleId: rule.id,
      name: rule.name,
      payer: line.payer,
      payee: p.payee,
      amount: m(p.amount),
    }));
  };
  const deductions = split.farmerLines.flatMap(settled).filter((d) => dec(d.amount).gt(0));
  const buyerLines = split.buyerLines.flatMap(settled).filter((d) => dec(d.amount).gt(0));
  return { split, deductions, buyerLines };
}

/**
 * One line per farmer, whatever number of collections they have in the lot: their share of what
 * the farmers are owed, less their loans (taken out of `loansLeft`), then their unpaid shares
 * (out of `membersLeft`). The per-farmer arithmetic is exact integers (grams and cents): the same
 * largest-remainder split as `splitExact`, at 50,000 farmers a run.
 */
function farmerLines(
  lot: LotToSettle,
  split: { farmerNet: string; farmerDeductions: string },
  loansLeft: Map<string, LoanBalance[]>,
  membersLeft: Map<string, MemberShares>,
) {
  const gramsByFarmer = new Map<string, bigint>();
  for (const c of lot.collections) {
    gramsByFarmer.set(c.farmerId, (gramsByFarmer.get(c.farmerId) ?? 0n) + scaled(c.kg, 3));
  }
  const farmerIds = [...gramsByFarmer.keys()];
  const weights = farmerIds.map((f) => gramsByFarmer.get(f) ?? 0n);
  const collectedGrams = weights.reduce((a, b) => a + b, 0n);
  if (farmerIds.length === 0 || collectedGrams === 0n)
    throw new RangeError(`Lot ${lot.lotId} has no farmers' collections to pay`);
  const owedParts = splitUnits(scaled(split.farmerNet, 2), weights);
  const deductionParts = splitUnits(scaled(split.farmerDeductions, 2), weights);

  const totals = { net: 0n, recovered: 0n, shares: 0n };
  const farmers: SettledFarmer[] = farmerIds.map((farmerId, i) => {
    const owed = owedParts[i] ?? 0n;
    const deducted = deductionParts[i] ?? 0n;
    let room = owed;
    const recoveries: { loanId: string; amount: string }[] = [];
    for (const loan of loansLeft.get(farmerId) ?? []) {
      if (room === 0n) break;
      const outstanding = scaled(loan.outstanding, 2);
      if (outstanding <= 0n) continue;
      const take = room < outstanding ? room : outstanding;
      room -= take;
      loan.outstanding = unscaled(outstanding - take, 2);
      recoveries.push({ loanId: loan.loanId, amount: unscaled(take, 2) });
    }
    const recovered = owed - room;
    // Loans first, then the member's unpaid shares from what is left (docs/DECISIONS.md).
    const shares = sharesTaken(room, membersLeft.get(farmerId), lot);
    room -= shares;
    totals.net += room;
    totals.recovered += recovered;
    totals.shares += shares;
    return {
      farmerId,
      kg: unscaled(gramsByFarmer.get(farmerId) ?? 0n, 3),
      grossShare: unscaled(owed + deducted, 2),
      deductions: unscaled(deducted, 2),
      owed: unscaled(owed, 2),
      loanRecovery: unscaled(recovered, 2),
      recoveries,
      memberShares: unscaled(shares, 2),
      net: unscaled(room, 2),
    };
  });
  return { farmers, collectedKg: unscaled(collectedGrams, 3), totals };
}

/**
 * Settles a lot in stages: its deductions and payees → the farmers' lines (the recoveries taken
 * out of `loansLeft` and the shares paid out of `membersLeft`, both changed in place) → the AMCOS's
 * union shares from its levy (out of `unionLeft`).
 */
function settleLotAgainst(
  lot: LotToSettle,
  loansLeft: Map<string, LoanBalance[]>,
  membersLeft: Map<string, MemberShares>,
  unionLeft: Map<string, string>,
): LotSettlement {
  const { split, deductions, buyerLines } = lotDeductions(lot);
  const total = (lines: SettledDeduction[], type: Payee['type']) =>
    sum(lines.filter((l) => l.payee.type === type).map((l) => l.amount));
  const levy = total(deductions, 'amcos');
  const { farmers, collectedKg, totals } = farmerLines(lot, split, loansLeft, membersLeft);
  return {
    lotId: lot.lotId,
    amcosId: lot.amcosId,
    kg: dec(lot.kg).toFixed(3),
    collectedKg,
    pricePerKg: lot.pricePerKg,
    gross: split.gross,
    deductions,
    buyerLines,
    beneficiaries: m(total(deductions, 'beneficiary')),
    transporters: m(total(deductions, 'transporter')),
    amcos: m(levy),
    buyerLevies: split.buyerDeductions,
    farmersNet: unscaled(totals.net, 2),
    loanRecovery: unscaled(totals.recovered, 2),
    memberShares: unscaled(totals.shares, 2),
    amcosShares: unscaled(amcosSharesTaken(levy, unionLeft, lot), 2),
    farmers,
  };
}

export type SettlementTotals = {
  gross: string;
  beneficiaries: string;
  transporters: string;
  amcos: string;
  buyerLevies: string;
  farmersNet: string;
  loanRecovery: string;
  /** Members' unpaid shares paid from crop money, owed to their AMCOS (#32). */
  memberShares: string;
  /**
   * Part of `amcos` (its levy) the AMCOS pays the union for its unpaid union shares (#32): its
   * payment line is amcos + memberShares - amcosShares.
   */
  amcosShares: string;
};

/**
 * Settles lots in the given order, each farmer's loan balances carried from one lot to the next
 * (a farmer in three lots has their loans recovered once, from the first lots first).
 */
export function settleLots(
  lots: LotToSettle[],
  loans: ReadonlyMap<string, readonly LoanBalance[]> = new Map(),
  members: ReadonlyMap<string, MemberShares> = new Map(),
  union: UnionShares = new Map(),
): { lots: LotSettlement[]; totals: SettlementTotals; loansLeft: Map<string, LoanBalance[]> } {
  const left = copyLoans(loans);
  const membersLeft = copyMembers(members);
  const unionLeft = new Map(union);
  const settled = lots.map((lot) => settleLotAgainst(lot, left, membersLeft, unionLeft));
  const add = (key: keyof SettlementTotals) => m(sum(settled.map((s) => s[key])));
  return {
    lots: settled,
    totals: {
      gross: add('gross'),
      beneficiaries: add('beneficiaries'),
      transporters: add('transporters'),
      amcos: add('amcos'),
      buyerLevies: add('buyerLevies'),
      farmersNet: add('farmersNet'),
      loanRecovery: add('loanRecovery'),
      memberShares: add('memberShares'),
      amcosShares: add('amcosShares'),
    },
    loansLeft: left,
  };
}

/** "1234.5" with at most `dp` decimals -> 123450 (dp 2) as an exact integer; refuses more decimals. */
export function scaled(value: string, dp: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new TypeError(`Not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = fraction.replace(/0+$/, '');
  if (digits.length > dp) throw new RangeError(`${value} has more than ${dp} decimals`);
  const units = BigInt(whole) * 10n ** BigInt(dp) + BigInt(digits.padEnd(dp, '0') || '0');
  return sign === '-' ? -units : units;
}

/** The inverse of `scaled`: 123450n (dp 2) -> "1234.50". */
export function unscaled(units: bigint, dp: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(dp);
  const text = `${abs / base}.${(abs % base).toString().padStart(dp, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * `splitExact` on integers: `total` units split in proportion to integer `weights`, the units
 * lost to rounding down going to the largest remainders (ties to the earlier part).
 */
export function splitUnits(total: bigint, weights: bigint[]): bigint[] {
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  if (weights.length === 0) throw new RangeError('Nothing to split into');
  if (weightSum === 0n) throw new RangeError('Weights add up to zero');
  const parts = weights.map((w) => (total * w) / weightSum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % weightSum }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts;
}

/** One named part of a farmer's deductions (`farmerDeductionsByName`). */
export type NamedDeduction = { name: string; amount: string };

/**
 * A farmer's deductions of one lot named line by line (#31: the USSD payments screen lists each
 * deduction by name): their share of the lot's farmer-paid deductions (`SettledFarmer.deductions`,
 * the figure their statement shows) split across the lot's farmer-paid lines in proportion to the
 * lines' amounts, largest remainder to the cent, so the named parts add up to the share exactly.
 * Lines of the same name are one. A share of zero, or no lines, names nothing.
 */
export function farmerDeductionsByName(share: string, lines: readonly NamedDeduction[]): NamedDeduction[] {
  const byName = new Map<string, bigint>();
  for (const line of lines) byName.set(line.name, (byName.get(line.name) ?? 0n) + scaled(line.amount, 2));
  const names = [...byName.keys()].filter((name) => (byName.get(name) ?? 0n) > 0n);
  const total = scaled(share, 2);
  if (total === 0n || names.length === 0) return [];
  const parts = splitUnits(
    total,
    names.map((name) => byName.get(name) ?? 0n),
  );
  return names
    .map((name, i) => ({ name, amount: unscaled(parts[i] ?? 0n, 2) }))
    .filter((d) => scaled(d.amount, 2) > 0n);
}

/**
 * Named parts of several lots (or settlements) added up by name, in the order the names first
 * come. Exact: the sums of decimal strings, never through a JS number.
 */
export function addNamedDeductions(groups: readonly (readonly NamedDeduction[])[]): NamedDeduction[] {
  const sums = new Map<string, bigint>();
  for (const group of groups)
    for (const d of group) sums.set(d.name, (sums.get(d.name) ?? 0n) + scaled(d.amount, 2));
  return [...sums].map(([name, units]) => ({ name, amount: unscaled(units, 2) }));
}
