import { D, type Dec, dec, round, sum } from './money.ts';

export type DeductionPayer = 'farmer' | 'buyer';
export type DeductionBasis = 'per_kg' | 'percent_of_gross' | 'per_bag' | 'fixed';

/** One rule as the calculation needs it; amounts and rates are decimal strings. */
export type DeductionRuleInput = {
  id: string;
  name: string;
  payer: DeductionPayer;
  basis: DeductionBasis;
  /** TZS per kg, percent of gross (3 = 3%), TZS per bag, or a fixed TZS amount. */
  rate: string;
  minimum?: string | null;
  maximum?: string | null;
  /** Applied in ascending order; a farmer's deductions stop when the gross is used up. */
  order: number;
  validFrom?: string | null;
  validTo?: string | null;
};

/** A stored rule (its row also names a crop, grade, recipient...) as the calculation takes it. */
export const ruleInput = (r: DeductionRuleInput): DeductionRuleInput => ({
  id: r.id,
  name: r.name,
  payer: r.payer,
  basis: r.basis,
  rate: r.rate,
  minimum: r.minimum,
  maximum: r.maximum,
  order: r.order,
  validFrom: r.validFrom,
  validTo: r.validTo,
});

export type SaleFigures = {
  /** Net kg sold, 3 dp. */
  kg: string;
  /** Price per kg, 2 dp. */
  pricePerKg: string;
  bags: number;
  /** The sale date (YYYY-MM-DD), to pick the rules valid that day; all rules when omitted. */
  on?: string;
};

export type DeductionLine = {
  ruleId: string;
  name: string;
  payer: DeductionPayer;
  basis: DeductionBasis;
  /** The amount before it was capped by what the farmer had left. */
  computed: string;
  amount: string;
};

export type DeductionSplit = {
  gross: string;
  farmerLines: DeductionLine[];
  buyerLines: DeductionLine[];
  farmerDeductions: string;
  buyerDeductions: string;
  /** What the farmers receive: gross minus their deductions (never below zero). */
  farmerNet: string;
  /** What the buyer pays: gross plus the buyer-borne levies. */
  buyerTotal: string;
};

const money = (value: Dec) => value.toFixed(2);

export function isRuleValidOn(rule: Pick<DeductionRuleInput, 'validFrom' | 'validTo'>, on?: string): boolean {
  if (!on) return true;
  if (rule.validFrom && on < rule.validFrom) return false;
  if (rule.validTo && on > rule.validTo) return false;
  return true;
}

/** One rule's amount on a sale, rounded half-up to the cent and held between its minimum and maximum. */
export function ruleAmount(rule: DeductionRuleInput, gross: Dec, sale: SaleFigures): Dec {
  const rate = dec(rule.rate);
  let amount: Dec;
  switch (rule.basis) {
    case 'per_kg':
      amount = dec(sale.kg).times(rate);
      break;
    case 'percent_of_gross':
      amount = gross.times(rate).div(100);
      break;
    case 'per_bag':
      amount = new D(sale.bags).times(rate);
      break;
    case 'fixed':
      amount = rate;
      break;
  }
  if (rule.minimum && amount.lessThan(dec(rule.minimum))) amount = dec(rule.minimum);
  if (rule.maximum && amount.greaterThan(dec(rule.maximum))) amount = dec(rule.maximum);
  return round(amount, 2);
}

/**
 * Splits a sale's gross (kg x price, rounded to the cent) by the season crop's deduction rules.
 * Farmer-paid rules come out of the gross in their order, each capped at what is left, so the
 * farmer lines plus the farmers' net always add up exactly to the gross. Buyer-paid rules are
 * charged on top: the buyer pays the gross plus them.
 *
 * Worked example: 1,000 kg x 2,000 = 2,000,000.00; council cess 3% = 60,000.00; union levy 25/kg =
 * 25,000.00; farmers' net = 1,915,000.00.
 */
export function splitGross(sale: SaleFigures, rules: DeductionRuleInput[]): DeductionSplit {
  const gross = round(dec(sale.kg).times(dec(sale.pricePerKg)), 2);
  const applicable = rules
    .filter((r) => isRuleValidOn(r, sale.on))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  let left = gross;
  const farmerLines: DeductionLine[] = [];
  const buyerLines: DeductionLine[] = [];
  for (const rule of applicable) {
    const computed = ruleAmount(rule, gross, sale);
    const line = { ruleId: rule.id, name: rule.name, payer: rule.payer, basis: rule.basis };
    if (rule.payer === 'buyer') {
      buyerLines.push({ ...line, computed: money(computed), amount: money(computed) });
      continue;
    }
    const amount = D.min(computed, left);
    left = left.minus(amount);
    farmerLines.push({ ...line, computed: money(computed), amount: money(amount) });
  }
  const farmerDeductions = sum(farmerLines.map((l) => l.amount));
  const buyerDeductions = sum(buyerLines.map((l) => l.amount));
  return {
    gross: money(gross),
    farmerLines,
    buyerLines,
    farmerDeductions: money(farmerDeductions),
    buyerDeductions: money(buyerDeductions),
    farmerNet: money(gross.minus(farmerDeductions)),
    buyerTotal: money(gross.plus(buyerDeductions)),
  };
}

/** A stored rule with what picks its lots (season crop, optional grade) and who receives it. */
export type LevyRule = DeductionRuleInput & {
  seasonCropId: string;
  gradeId: string | null;
  beneficiaryId: string | null;
};
/** One lot line of an invoice as its levies need it: kg 3 dp and price 2 dp strings. */
export type LevyLot = {
  seasonCropId: string;
  gradeId: string | null;
  bags: number;
  kg: string;
  pricePerKg: string;
};
export type LevyLine = { ruleId: string; name: string; beneficiaryId: string | null; amount: string };

/**
 * The buyer-borne levies of the lots on one invoice: each lot's buyer-paid rules (its season crop's,
 * for every grade or its own, valid on the invoice date) through splitGross, so each lot's levy is
 * rounded to the cent first; then one line per rule, the sum over the lots, in the rules' order
 * (then name), leaving out a rule that came to nothing.
 */
export function buyerLevies(lots: LevyLot[], rules: LevyRule[], on: string): LevyLine[] {
  const buyerRules = rules.filter((r) => r.payer === 'buyer');
  const totals = new Map<string, { rule: LevyRule; name: string; amount: Dec }>();
  for (const lot of lots) {
    const applicable = buyerRules
      .filter((r) => r.seasonCropId === lot.seasonCropId && (!r.gradeId || r.gradeId === lot.gradeId))
      .map(ruleInput);
    if (applicable.length === 0) continue;
    const split = splitGross({ kg: lot.kg, pricePerKg: lot.pricePerKg, bags: lot.bags, on }, applicable);
    for (const line of split.buyerLines) {
      const had = totals.get(line.ruleId);
      const rule = buyerRules.find((r) => r.id === line.ruleId);
      if (had) had.amount = had.amount.plus(dec(line.amount));
      else if (rule) totals.set(line.ruleId, { rule, name: line.name, amount: dec(line.amount) });
    }
  }
  return [...totals.values()]
    .filter((t) => t.amount.gt(0))
    .sort((a, b) => a.rule.order - b.rule.order || a.name.localeCompare(b.name))
    .map((t) => ({
      ruleId: t.rule.id,
      name: t.name,
      beneficiaryId: t.rule.beneficiaryId,
      amount: t.amount.toFixed(2),
    }));
}
