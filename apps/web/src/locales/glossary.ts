/**
 * The Swahili glossary (../shared/GLOSSARY-SW.md) as rules a test can hold the texts to: one
 * Swahili term per English idea, everywhere (screens, PDFs, exports, SMS, server messages).
 *
 * A rule applies to a text whose English matches `en`. Its Swahili must then not use an `avoid`ed
 * word (a word with another meaning in Tanzanian cooperative or accounting use) and, where the
 * English is unambiguous, must use the term (`use`). A word another rule's idea in the same English
 * asks for is allowed ("Credit" avoids *mkopo*, but "Credit value of the loan" may say it), and
 * `except` lists the keys where the English word means something else, each with its reason.
 */
export type GlossaryRule = {
  /** The English idea, as the glossary's left column names it. */
  idea: string;
  /** The Swahili term. */
  term: string;
  en: RegExp;
  use?: RegExp;
  avoid?: RegExp;
  /** Words this idea allows in a text that also names another idea which avoids them. */
  allows?: RegExp;
  /** Keys (or key prefixes ending in '.') where the English word is another idea, and why. */
  except?: Record<string, string>;
};

const BAG_OF_INPUTS = 'a bag of an input (fertiliser, sulphur) is a *mfuko*; *gunia* is a bag of crop';
const GOODS_RECEIPT = 'receiving goods into a store (*mapokezi*), not a receipt document';
const LOT_IN_STORE = 'a lot waits in the auction warehouse (*ghalani*)';
const DELIVERY_NOTE = '"the note" is the delivery note (*hati*)';
const INPUT_CREDIT = 'inputs given on credit are a loan to the farmer (*mkopo*)';

export const GLOSSARY: readonly GlossaryRule[] = [
  { idea: 'Export (a file)', term: 'Pakua', en: /\bexport/i, use: /paku/i, avoid: /hamish/i },
  {
    idea: 'Import (from a file)',
    term: 'Ingiza kutoka faili',
    en: /\bimport/i,
    use: /kutoka (kwenye )?faili|ingiz/i,
    avoid: /\bpaki[aw]|\bpakiwa|\bleta\b|letwa/i,
  },
  {
    idea: 'Posted (to the books)',
    term: 'Imeingizwa vitabuni',
    // A buying post is a place (#29), not a posting.
    en: /(?<!buying )\bpost(s|ed|ing)?\b/i,
    use: /vitabu|kitabu/i,
    avoid: /\bimeingizwa\b(?! vitabuni)/i,
  },
  {
    idea: 'Reverse',
    term: 'Tengua',
    en: /\brevers/i,
    use: /tengu/i,
    avoid: /geuz|rejesh/i,
  },
  { idea: 'Recover (a loan)', term: 'Rejesha', en: /\brecover/i, allows: /rejesh/i },
  { idea: 'Return, go back', term: 'Rudisha', en: /\breturn|go back|back in/i, allows: /rudi|rejesh/i },
  {
    idea: 'Cancel',
    term: 'Ghairi',
    en: /\bcancel/i,
    use: /ghairi/i,
    avoid: /\b(ku|i|ya|li|u|zi|vi|ki|a|hu)?(me)?fut(a|wa|we|e)\b/i,
  },
  { idea: 'Delete, remove, clear', term: 'Futa', en: /\bdelet|\bclear\b|written off/i, allows: /fut/i },
  {
    idea: 'Debit',
    term: 'Debiti',
    en: /\bdebits?\b/i,
    use: /debiti/i,
    avoid: /\bdeni\b/i,
  },
  {
    idea: 'Credit',
    term: 'Krediti',
    en: /(?<!on )\bcredits?\b(?! (value|limits?|price))/i,
    use: /krediti/i,
    avoid: /mkopo/i,
    except: {
      'inputs.': INPUT_CREDIT,
      'accMappings.keys.farmer_loans': INPUT_CREDIT,
      'salesMd.': "a buyer's money not yet applied to an invoice (*salio la ziada*), not the ledger side",
      'dashboard.receivedHint': "a buyer's unallocated money (*salio la ziada*)",
      'dashboard.outstandingHint': "a buyer's unallocated money (*salio la ziada*)",
    },
  },
  { idea: 'Loan', term: 'Mkopo', en: /\bloans?\b|\badvances?\b/i, allows: /mkopo|mikopo/i },
  { idea: 'Debt, owed', term: 'Deni', en: /\bowe|\bdebt|\bdue\b|payable/i, allows: /\bdeni\b|madeni/i },
  { idea: 'Liability', term: 'Madeni', en: /\bliabilit/i, use: /madeni/i, avoid: /dhima/i },
  {
    idea: 'Trial balance',
    term: 'Urari wa hesabu',
    en: /trial balance/i,
    use: /urari wa hesabu/i,
    avoid: /mizania/i,
  },
  {
    idea: 'Balance sheet',
    term: 'Mizania',
    en: /balance sheet|financial position/i,
    use: /mizania/i,
  },
  {
    idea: 'Receivables',
    term: 'Madai kwa wanunuzi',
    en: /\breceivables?\b/i,
    use: /madai|\bdai\b/i,
    avoid: /madeni ya wanunuzi|wadaiwa/i,
  },
  {
    idea: 'Settlement (of crop money)',
    term: 'Mgawanyo wa mapato',
    en: /\bsettle(ment|ments|d)?\b/i,
    use: /mgawanyo wa mapato|gaw\w* mapato|mapato/i,
    avoid: /\bmakato\b|ugawaji/i,
    allows: /mgawanyo/i,
  },
  { idea: 'Deductions', term: 'Makato', en: /\bdeduct/i, allows: /\bmakato\b|\bkato\b/i },
  {
    idea: 'Input distribution',
    term: 'Ugawaji wa pembejeo',
    en: /\bdistribut/i,
    use: /ugawaji|gaw/i,
    avoid: /mgawanyo|mgawo|usambaz/i,
    allows: /ugawaji|gawiwa|kugawa/i,
  },
  {
    idea: 'Cash advance',
    term: 'Mkopo wa fedha taslimu',
    en: /cash advance/i,
    use: /mkopo wa fedha taslimu|mikopo ya fedha taslimu/i,
    avoid: /malipo ya awali/i,
  },
  {
    idea: 'Payment batch',
    term: 'Kundi la malipo',
    en: /(?<!tracks )\bbatch(es)?\b/i,
    use: /kundi|makundi/i,
    avoid: /awamu/i,
    except: {
      'inventoryMd.': 'a stock batch is a *bechi*',
      'history.fields.batchNo': 'the number of a payment batch or a stock batch',
    },
  },
  {
    idea: 'Allocate (a receipt to invoices)',
    term: 'Tumia kulipia ankara',
    en: /\ballocat/i,
    use: /lipia/i,
    avoid: /\b\w*gaw/i,
  },
  {
    idea: 'Receipt',
    term: 'Stakabadhi',
    en: /\breceipts?\b/i,
    use: /stakabadhi/i,
    avoid: /risiti/i,
    except: {
      'inventoryMd.confirmReceipt': GOODS_RECEIPT,
      'inventoryMd.movements.receipt': GOODS_RECEIPT,
      'inventoryMd.closedNote': GOODS_RECEIPT,
      'inventoryMd.confirmReceive': GOODS_RECEIPT,
      'inventoryMd.confirmReceiveShort': GOODS_RECEIPT,
      'purchaseMd.': GOODS_RECEIPT,
      'acc.sources.receipt': 'a receipt voucher (*hati ya mapokezi*) in the books',
      'acc.receipt': 'a receipt voucher in the books',
      'acc.voucherCreate': 'a receipt voucher in the books',
      'acc.vouchers': 'receipt vouchers in the books',
      'acc.vouchersEmpty': 'receipt vouchers in the books',
      'confirmations.approveVoucher': 'a receipt voucher in the books',
      'screens.payments_and_receipts': 'receipt vouchers in the books',
    },
  },
  {
    idea: 'Delivery note',
    term: 'Hati ya usafirishaji',
    en: /delivery notes?/i,
    use: /hati (mpya )?(ya|za) usafirishaji/i,
    avoid: /hati (ya|za) kusafirisha/i,
    except: { 'inventoryMd.supplierRef': "the supplier's own delivery document" },
  },
  {
    idea: 'Purchase order',
    term: 'Agizo la ununuzi',
    en: /\border(s|ed)?\b/i,
    avoid: /\boda\b/i,
  },
  {
    idea: 'Group invoice',
    term: 'Ankara ya pamoja',
    en: /group invoice/i,
    use: /ankara (mpya )?(ya|za) pamoja/i,
    avoid: /ankara ya kundi/i,
  },
  {
    idea: 'Book (of accounts)',
    term: 'Kitabu cha hesabu',
    en: /\bbooks?\b/i,
    use: /kitabu|vitabu/i,
    avoid: /daftari|madaftari/i,
  },
  {
    idea: 'Reference',
    term: 'Kumbukumbu',
    en: /\breference\b|\bref\b/i,
    use: /kumbukumbu/i,
    avoid: /\brejea\b|kumb\./i,
    allows: /kumbukumbu/i,
  },
  {
    idea: 'Details',
    term: 'Taarifa',
    en: /\bdetails\b/i,
    use: /taarifa|kwa kina/i,
    avoid: /maelezo/i,
    except: { 'history.actions.line_corrected': 'payment details: the taarifa of a payment' },
  },
  { idea: 'Description', term: 'Maelezo', en: /\bdescription\b|\bnarration/i, allows: /maelezo/i },
  {
    idea: 'Notes',
    term: 'Madokezo',
    en: /(?<!(delivery|release|received|distribution|credit|debit|remittance|goods|dispatch) )\bnotes?\b/i,
    use: /dokezo|madokezo/i,
    avoid: /maelezo/i,
    except: { 'dnMd.': DELIVERY_NOTE, 'lotsMd.awaitingHint': DELIVERY_NOTE },
  },
  { idea: 'Role', term: 'Jukumu', en: /\broles?\b/i, use: /jukumu|majukumu/i, avoid: /wadhifa/i },
  {
    idea: 'Last name',
    term: 'Jina la ukoo',
    en: /last name/i,
    use: /jina la ukoo/i,
    avoid: /jina la mwisho/i,
  },
  {
    idea: 'Bag (of crop)',
    term: 'Gunia',
    en: /\bbags?\b/i,
    use: /gunia/i,
    avoid: /mfuko|mifuko/i,
    except: { 'units.': BAG_OF_INPUTS, 'inventoryMd.unitHint': BAG_OF_INPUTS },
  },
  { idea: 'In transit', term: 'Njiani', en: /in transit/i, use: /njiani/i, avoid: /safarini/i },
  {
    idea: 'Auction catalogue',
    term: 'Katalogi ya mnada',
    en: /catalogu/i,
    use: /katalogi/i,
    avoid: /orodha/i,
    allows: /orodha/i,
  },
  {
    idea: 'Reserve price',
    term: 'Bei ya chini inayokubalika',
    en: /(?<!general |statutory )\breserve\b/i,
    use: /bei ya chini inayokubalika/i,
    avoid: /akiba/i,
  },
  {
    idea: 'Warehouse (crop)',
    term: 'Ghala',
    en: /warehouse|\bin store\b|\bback in store\b|back to store/i,
    use: /ghala/i,
    avoid: /\bstoo/i,
    allows: /ghala/i,
    except: { 'inputs.distributions.': 'inputs are held in a store (*stoo*)' },
  },
  {
    idea: 'Store (inputs)',
    term: 'Stoo',
    en: /\bstores?\b(?! (ledger|receipt))/i,
    avoid: /ghala/i,
    allows: /\bstoo/i,
    except: {
      'dashboard.lotsInStore': LOT_IN_STORE,
      'dashboard.stock': 'crop held at the AMCOS, in its warehouses (*maghala*)',
      'dashboard.status_in_store': LOT_IN_STORE,
      'dnMd.status.in_store': LOT_IN_STORE,
      'auctionsMd.': LOT_IN_STORE,
      'salesMd.': LOT_IN_STORE,
      'lotsMd.': LOT_IN_STORE,
    },
  },
  {
    idea: 'Stock (crop in a warehouse)',
    term: 'Mazao yaliyopo ghalani',
    en: /\bstock\b/i,
    avoid: /akiba/i,
  },
  {
    idea: 'Stock movement',
    term: 'Mwenendo wa bidhaa',
    en: /\bmovements?\b/i,
    use: /mwenendo/i,
    avoid: /mwingiliano/i,
    except: { 'statements.cashFlow.fundsChange': "a movement in members' funds, not of stock" },
  },
  { idea: 'Levy', term: 'Tozo', en: /\blev(y|ies)\b/i, use: /tozo/i, avoid: /ushuru/i, allows: /tozo/i },
  { idea: 'Cess', term: 'Ushuru', en: /\bcess\b/i, use: /ushuru/i, allows: /ushuru/i },
  {
    idea: 'Expense',
    term: 'Matumizi',
    en: /\bexpenses?\b/i,
    use: /matumizi/i,
    avoid: /gharama/i,
  },
  {
    idea: 'Cost, charge, fee',
    term: 'Gharama',
    en: /\bcosts?\b|\bcharges?\b|\bfees?\b/i,
    allows: /gharama/i,
  },
  {
    idea: 'Retained earnings',
    term: 'Ziada iliyolimbikizwa',
    en: /retained earnings|accumulated surplus/i,
    use: /ziada iliyolimbikizwa/i,
    avoid: /mapato yaliyobakizwa/i,
  },
  {
    idea: 'Base currency',
    term: 'Sarafu ya msingi',
    en: /base currency/i,
    use: /sarafu ya msingi/i,
    avoid: /sarafu kuu/i,
  },
  {
    idea: 'Account class',
    term: 'Kundi kuu la akaunti',
    en: /\bclass(es)?\b/i,
    use: /kundi kuu|makundi makuu/i,
    avoid: /daraja/i,
  },
  { idea: 'Grade', term: 'Daraja', en: /\bgrades?\b/i, allows: /daraja/i },
  { idea: 'Bid code', term: 'Namba ya zabuni', en: /bid code/i, use: /namba ya zabuni/i, avoid: /msimbo/i },
  {
    idea: 'Account mappings',
    term: 'Akaunti za uingizaji',
    en: /\bmappings?\b/i,
    use: /uingizaji/i,
    avoid: /ramani|uhusiano/i,
    except: { 'statements.mapping.': 'which statement line an account shows on, not the posting accounts' },
  },
  {
    idea: 'Bank reconciliation',
    term: 'Ulinganisho wa benki',
    en: /reconcil/i,
    use: /ulinganisho/i,
    avoid: /usuluhishi/i,
  },
  {
    idea: 'Union',
    term: 'Chama Kikuu',
    en: /\bunion\b(?!'s own)/i,
    use: /chama kikuu|vyama vikuu/i,
  },
  { idea: 'Rows (of a table)', term: 'Mistari', en: /\brows?\b/i, use: /mstari|mistari/i, avoid: /safu/i },
  { idea: 'Columns', term: 'Safu', en: /\bcolumns?\b/i, allows: /safu/i },
  {
    idea: 'Active (a person)',
    term: 'Hai',
    en: /\b(in)?active\b|deactivat|reactivat/i,
    avoid: /anatumika|wanaotumika|wasiotumika|hayuko hai/i,
  },
  {
    idea: 'Price / quantity tolerance',
    term: 'Tofauti ya bei / kiasi inayokubalika',
    en: /toleran/i,
    use: /inayokubalika/i,
    avoid: /uvumilivu/i,
  },
  {
    idea: 'Manual sale',
    term: 'Mauzo nje ya mnada',
    en: /manual sale/i,
    use: /mauzo nje ya mnada/i,
    avoid: /mauzo ya kawaida/i,
  },
  {
    idea: 'Amount (of money)',
    term: 'Kiasi cha fedha',
    en: /^amount\b/i,
    use: /kiasi cha fedha/i,
    except: { 'acc.lineBadAmount': 'a sentence about typing the amount' },
  },
  {
    idea: 'Record (a thing kept)',
    term: 'Rekodi',
    en: /\brecords\b|\b(a|the|this|own|every) record\b/i,
    avoid: /kumbukumbu/i,
  },
  { idea: 'Publish', term: 'Tangaza', en: /\bpublish/i, use: /tangaz/i, avoid: /chapish/i },
  { idea: 'Print', term: 'Chapisha', en: /\bprint/i, allows: /chapish/i },
  {
    idea: "Collected by (a buyer's agent)",
    term: 'Aliyechukua',
    en: /collected by/i,
    avoid: /amechukuliwa/i,
  },
];

export type GlossaryText = { key: string; en: string; sw: string };
export type GlossaryProblem = GlossaryText & { idea: string; problem: string };

const exempt = (rule: GlossaryRule, key: string) =>
  Object.keys(rule.except ?? {}).some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k));

/** `{{reference}}` names a value, not the idea. */
const withoutPlaceholders = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '');

/** What a text does against the glossary: each avoided word it uses, each term it leaves out. */
export function glossaryProblems(texts: readonly GlossaryText[]): GlossaryProblem[] {
  const problems: GlossaryProblem[] = [];
  for (const text of texts) {
    const en = withoutPlaceholders(text.en);
    const sw = withoutPlaceholders(text.sw);
    const ideas = GLOSSARY.filter((rule) => rule.en.test(en));
    for (const rule of ideas) {
      if (exempt(rule, text.key)) continue;
      const avoided = rule.avoid?.exec(sw)?.[0];
      const allowed = ideas.some((other) => other !== rule && avoided && other.allows?.test(avoided));
      if (avoided && !allowed) {
        problems.push({ ...text, idea: rule.idea, problem: `uses "${avoided}" (say "${rule.term}")` });
      }
      if (rule.use && !rule.use.test(sw)) {
        problems.push({ ...text, idea: rule.idea, problem: `does not say "${rule.term}"` });
      }
    }
  }
  return problems;
}
