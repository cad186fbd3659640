import { type SQL, sql } from 'drizzle-orm';
import { currentLanguage, type Lang, translate } from '../../../platform/labels.ts';

/**
 * A journal entry's narration: a person's own words (one text), or one the system writes from a
 * template of the screens' dictionary (`narrations.*`), stored in both languages so each reader
 * sees it in theirs (docs/DECISIONS.md, #20).
 */
export type Narration = string | { en: string; sw: string };

/** The templates the server writes narrations from (en.json / sw.json `narrations`). */
export type NarrationKey =
  | 'salesInvoice'
  | 'salesInvoiceCancelled'
  | 'buyerReceipt'
  | 'yearClosing'
  | 'paymentBatchPaid'
  | 'settlementUnionIncome'
  | 'settlement'
  | 'stockIssueUnionUse'
  | 'stockIssueTo'
  | 'goodsReceived'
  | 'goodsReceivedFrom'
  | 'goodsReceivedOnOrder'
  | 'goodsReceivedFromOnOrder'
  | 'transitLoss'
  | 'inputsIssued'
  | 'inputsCancelled'
  | 'purchaseInvoice'
  | 'purchaseInvoiceCancelled'
  | 'supplierPayment'
  | 'inputDistribution'
  | 'openingBalances'
  | 'openingReversed'
  | 'memberShares'
  | 'settlementAmcosShares'
  | 'memberEntranceFee'
  | 'surplusAppropriation'
  | 'dividendToShares'
  | 'secondPayment';

function render(lang: Lang, key: NarrationKey, params: Record<string, string | number>): string {
  const template = translate(lang, `narrations.${key}`);
  if (template === undefined) throw new Error(`No ${lang} narration template ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

type Params = Record<string, string | number>;

/**
 * A narration the system writes, in both languages, from its template and the values it names
 * (the same in both, or per language when a value is itself a label, e.g. a kind).
 */
export function narrate(key: NarrationKey, params: Params | ((lang: Lang) => Params)): Narration {
  const of = (lang: Lang) => (typeof params === 'function' ? params(lang) : params);
  return { en: render('en', key, of('en')), sw: render('sw', key, of('sw')) };
}

/** The English text (the record's own, searched and audited). */
export const narrationEn = (n: Narration) => (typeof n === 'string' ? n : n.en);
/** The Swahili text, or null for a person's own words. */
export const narrationSw = (n: Narration) => (typeof n === 'string' ? null : n.sw);

/**
 * The narration column in the reader's language: `e` is the journal_entries alias (or table); a
 * person's own words read the same in both.
 */
export function narrationFor(e: SQL | string = 'journal_entries', lang: Lang = currentLanguage()): SQL {
  const table = typeof e === 'string' ? sql.raw(e) : e;
  return lang === 'sw' ? sql`coalesce(${table}.narration_sw, ${table}.narration)` : sql`${table}.narration`;
}
