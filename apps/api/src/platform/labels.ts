import { AsyncLocalStorage } from 'node:async_hooks';
import { dec, EAST_AFRICA_OFFSET_MS } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// The screens' own dictionaries: a file or PDF says what the screen says, in the same words.
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import sw from '../../../web/src/locales/sw.json' with { type: 'json' };

/** The two languages of the product (English and Swahili). */
export type Lang = 'en' | 'sw';
export const LANGS = ['en', 'sw'] as const;

type Tree = { [key: string]: string | Tree };
const DICTIONARIES: Record<Lang, Tree> = { en: en as Tree, sw: sw as Tree };

/** The reader's language: the web app sends its language as Accept-Language; English otherwise. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('sw') ? 'sw' : 'en';
}

/** A key of the screens' dictionary (`status.posted`), or undefined when it has none. */
export function translate(lang: Lang, key: string): string | undefined {
  let node: string | Tree | undefined = DICTIONARIES[lang];
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The label a screen shows for a stored code (`posted` → "Posted" / "Imeingizwa"): the first of the
 * namespaces that knows it, else the code as stored (never hidden).
 */
export function codeLabel(lang: Lang, namespaces: string | readonly string[], code: string): string {
  for (const ns of typeof namespaces === 'string' ? [namespaces] : namespaces) {
    const label = translate(lang, `${ns}.${code}`);
    if (label !== undefined) return label;
  }
  return code;
}

/**
 * A unit of measure in the reader's language, as the screens write it (`units.*`): "bag" -> "mfuko",
 * and for a quantity other than one "mifuko". A unit the screens do not know reads as stored.
 */
export function unitLabel(lang: Lang, unit: string, quantity?: string): string {
  const form = quantity !== undefined && !dec(quantity).eq(1) ? 'other' : 'one';
  return translate(lang, `units.${unit.trim().toLowerCase()}.${form}`) ?? unit;
}

/** Yes / No in the reader's language. */
export const yesNo = (lang: Lang, value: boolean) =>
  translate(lang, value ? 'common.yes' : 'common.no') ?? '';

// Column headers written in English in the export and PDF definitions whose words no screen key
// holds as such; every other header is found among the screens' labels (below).
export const SW_HEADERS: Record<string, string> = {
  '0-30': 'Siku 0-30',
  '31-60': 'Siku 31-60',
  '61-90': 'Siku 61-90',
  'Over 90': 'Zaidi ya siku 90',
  'Account / phone': 'Akaunti / simu',
  'AMCOS users': 'Watumiaji wa AMCOS',
  'Read at': 'Muda wa kusoma',
  'Avg cost': 'Gharama ya wastani',
  'Balance qty': 'Kiasi kilichobaki',
  Base: 'Msingi',
  Device: 'Kifaa',
  Flagged: 'Za kukaguliwa',
  'Last sync': 'Usawazishaji wa mwisho',
  Stored: 'Zilizohifadhiwa',
  Waiting: 'Zinazosubiri',
  'Beneficiary name': 'Jina la mnufaika',
  BOQ: 'Kifurushi cha pembejeo',
  'Cancel reason': 'Sababu ya kughairi',
  'Capacity (kg)': 'Uwezo (kg)',
  Certificate: 'Cheti',
  'Closing credit': 'Salio la kufunga (krediti)',
  'Closing debit': 'Salio la kufunga (debiti)',
  'Closing qty': 'Kiasi cha kufunga',
  'Closing value': 'Thamani ya kufunga',
  'Collection locked until': 'Makusanyo yamefungwa hadi',
  Contact: 'Mawasiliano',
  'Deduction rules': 'Kanuni za makato',
  Due: 'Tarehe ya kulipa',
  Entry: 'Ingizo',
  Expected: 'Inayotarajiwa',
  Failure: 'Sababu ya kushindwa',
  'Farmer amount': 'Kiasi cha mkulima',
  'Farmer value': 'Thamani ya mkulima',
  'Farmers kg': 'Kg za wakulima',
  'Farmers net': 'Halisi ya wakulima',
  Grades: 'Madaraja',
  'In qty': 'Kiasi kilichoingia',
  'In value': 'Thamani iliyoingia',
  Inputs: 'Pembejeo',
  'Item code': 'Msimbo wa bidhaa',
  'Items held': 'Bidhaa zilizopo',
  Keeper: 'Mtunza stoo',
  Levies: 'Tozo',
  Maximum: 'Kiwango cha juu',
  Method: 'Njia',
  Minimum: 'Kiwango cha chini',
  'Moisture flagged': 'Unyevu umewekewa alama',
  'National ID': 'Kitambulisho cha taifa',
  Note: 'Dokezo',
  'Opening credit': 'Salio la kuanzia (krediti)',
  'Opening debit': 'Salio la kuanzia (debiti)',
  'Opening qty': 'Kiasi cha kuanzia',
  'Opening value': 'Thamani ya kuanzia',
  'Operation locked until': 'Uendeshaji umefungwa hadi',
  'Out qty': 'Kiasi kilichotoka',
  'Out value': 'Thamani iliyotoka',
  Party: 'Mhusika',
  Payer: 'Mlipaji',
  'Period credit': 'Krediti ya kipindi',
  'Period debit': 'Debiti ya kipindi',
  'Received kg': 'Kg zilizopokelewa',
  'Received value': 'Thamani iliyopokelewa',
  Receives: 'Anayepokea',
  'Release note': 'Hati ya kutoa mzigo',
  Rules: 'Kanuni',
  SWIFT: 'SWIFT',
  'Stock value': 'Thamani ya bidhaa zilizopo',
  'Supplier invoice': 'Ankara ya msambazaji',
  'Supplier ref': 'Kumbukumbu ya msambazaji',
  'Terms (days)': 'Muda wa malipo (siku)',
  'Tracks batch': 'Hufuatilia bechi',
  'Variance kg': 'Tofauti kg',
  WHR: 'WHR',
};

// Where one English label has several keys, the general ones win.
const PREFERRED = ['fields.', 'table.', 'common.', 'acc.', 'status.'];

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

let swByEnglish: Map<string, string> | undefined;
function swIndex(): Map<string, string> {
  if (swByEnglish) return swByEnglish;
  const enFlat = flatten(DICTIONARIES.en);
  const swFlat = flatten(DICTIONARIES.sw);
  const rank = (key: string) => {
    const i = PREFERRED.findIndex((p) => key.startsWith(p));
    return i === -1 ? PREFERRED.length : i;
  };
  const best = new Map<string, { key: string; rank: number }>();
  for (const [key, text] of enFlat) {
    if (!swFlat.has(key) || text.includes('{{')) continue;
    const seen = best.get(text);
    if (!seen || rank(key) < seen.rank) best.set(text, { key, rank: rank(key) });
  }
  swByEnglish = new Map([...best].map(([text, { key }]) => [text, swFlat.get(key) ?? text]));
  for (const [text, label] of Object.entries(SW_HEADERS)) swByEnglish.set(text, label);
  return swByEnglish;
}

/**
 * A column header or field label written in English in the code, in the reader's language: the
 * screens' Swahili for the same English words ("Status" → "Hali"), a unit in brackets kept
 * ("Total (TZS)" → "Jumla (TZS)").
 */
export function headerLabel(lang: Lang, english: string): string {
  if (lang === 'en') return english;
  const index = swIndex();
  const exact = index.get(english);
  if (exact !== undefined) return exact;
  const unit = /^(.*) (\([^)]+\))$/.exec(english);
  const base = unit?.[1] && index.get(unit[1]);
  return base ? `${base} ${unit[2]}` : english;
}

/** Whether a header has a Swahili label (a test checks every header in the code). */
export function hasSwahiliHeader(english: string): boolean {
  const index = swIndex();
  const base = /^(.*) \([^)]+\)$/.exec(english)?.[1];
  return index.has(english) || (base !== undefined && index.has(base));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A date in the language's rule (DESIGN section 3): en month/day/year, or day/month/year for a
 * reader who chose it (#37, `order`, by default the request's); sw always day/month/year.
 */
export function formatDate(lang: Lang, iso: string, order: DateOrder = currentDateOrder()): string {
  const m = ISO_DATE.exec(iso.slice(0, 10));
  if (!m) return iso;
  const [, y, mo, d] = m;
  return lang === 'sw' || order === 'dmy' ? `${d}/${mo}/${y}` : `${mo}/${d}/${y}`;
}

/** A timestamp as the date in the language's rule and the time in Tanzania, e.g. "11/25/2026 14:05". */
export function formatDateTime(lang: Lang, iso: string): string {
  const at = new Date(Date.parse(iso) + EAST_AFRICA_OFFSET_MS).toISOString();
  return `${formatDate(lang, at.slice(0, 10))} ${at.slice(11, 16)}`;
}

export const isIsoDate = (value: string) => ISO_DATE.test(value);
export const isIsoTimestamp = (value: string) =>
  ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));

/** A cell or field printed for a reader: ISO dates and timestamps in the language's rule, the rest as is. */
export function displayText(lang: Lang, value: string): string {
  if (isIsoDate(value)) return formatDate(lang, value);
  if (isIsoTimestamp(value)) return formatDateTime(lang, value);
  return value;
}

const readerLanguage = new AsyncLocalStorage<Lang>();

/** How a reader writes dates in English: SPEC's month/day/year, or day/month/year (#37). */
export type DateOrder = 'mdy' | 'dmy';
const readerDateOrder = new AsyncLocalStorage<DateOrder>();

/** The reader's date order: the web app sends the user's stored choice as X-Date-Format. */
export function requestDateOrder(request: Pick<FastifyRequest, 'headers'>): DateOrder {
  const header = request.headers['x-date-format'];
  return (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() === 'dmy' ? 'dmy' : 'mdy';
}

/** The date order of the request being answered (month/day/year outside one). */
export const currentDateOrder = (): DateOrder => readerDateOrder.getStore() ?? 'mdy';

/** Runs `work` as if answering a reader who reads dates in `order` (tests). */
export const withDateOrder = <R>(order: DateOrder, work: () => R): R => readerDateOrder.run(order, work);

/**
 * Each request runs with its reader's language and date order, so a PDF or file made anywhere
 * below a route prints in them without every route passing them down.
 */
export function registerReaderLanguage(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) =>
    readerLanguage.run(requestLanguage(request), () => readerDateOrder.run(requestDateOrder(request), done)),
  );
}

/** The language of the request being answered (English outside one). */
export const currentLanguage = (): Lang => readerLanguage.getStore() ?? 'en';

/** Runs `work` as if answering a reader of `lang` (tests, jobs). */
export const withLanguage = <R>(lang: Lang, work: () => R): R => readerLanguage.run(lang, work);

/** A listed reference row's name in the reader's language (`nameSw` when it has one): files of lists. */
export const localRowName = (
  row: { name: string; nameSw?: string | null | undefined },
  lang: Lang = currentLanguage(),
): string => (lang === 'sw' && row.nameSw) || row.name;

/**
 * A reference row's name in the reader's language: the Swahili name the system gave its own
 * reference data (`name_sw`: default accounts, crops, grades) on Swahili screens, else `name` (also
 * when `name_sw` is empty). `table` is the SQL alias or table name. Without `lang` the language is
 * read when the query is built, not when this is called, so a column list made once at import
 * (`cropName: localNameSql('crops')`) still answers each request in its reader's language.
 */
export function localNameSql(table: string, lang?: Lang): SQL<string> {
  const t = sql.raw(table);
  const pick = (l: Lang) =>
    l === 'sw' ? sql`coalesce(nullif(${t}.name_sw, ''), ${t}.name)` : sql`${t}.name`;
  if (lang) return sql<string>`${pick(lang)}`;
  return sql<string>`${{ getSQL: () => pick(currentLanguage()) }}`;
}

/**
 * `localNameSql` for a named prepared statement, whose text must not change with the language: the
 * language is a parameter (`lang` bound as a value) and Postgres picks the column per execution.
 */
export function localNameParamSql(table: string, lang: Lang): SQL<string> {
  const t = sql.raw(table);
  return sql<string>`(case when ${lang}::text = 'sw' then coalesce(nullif(${t}.name_sw, ''), ${t}.name) else ${t}.name end)`;
}
