import { USSD_SCREEN_LENGTH } from '@ushirika/contracts';
import { toGroupedAmount, toGroupedQuantity } from '@ushirika/domain';

/**
 * The USSD screens' words and layout (#31): Swahili first, English when the farmer chose it. A
 * screen is lines; one longer than a USSD screen is split into pages, each ending "98 Zaidi" (98
 * More) and "0 Menyu" (0 Menu), each at most USSD_SCREEN_LENGTH characters with its `CON `.
 */
export type UssdLang = 'sw' | 'en';

export const USSD_TEXTS = {
  welcome: {
    sw: 'Karibu Ushirika.\nWeka PIN yako (tarakimu 4):\n0 English',
    en: 'Welcome to Ushirika.\nEnter your 4-digit PIN:',
  },
  pinShape: {
    sw: 'PIN ni tarakimu 4. Piga tena.',
    en: 'The PIN is 4 digits. Please dial again.',
  },
  /** The one answer to an unknown number, a wrong PIN and a locked PIN alike (nothing revealed). */
  denied: {
    sw: 'PIN si sahihi. Makosa 3 hufunga huduma; AMCOS yako itaifungua.',
    en: 'Wrong PIN. Three wrong PINs lock the service; your AMCOS can unlock it.',
  },
  menu: {
    sw: '{{name}}\n1 Mauzo yangu\n2 Malipo yangu\n3 Mikopo na pembejeo\n4 Bei za mnada\n5 Badili PIN',
    en: '{{name}}\n1 My deliveries\n2 My payments\n3 Loans and inputs\n4 Auction prices\n5 Change PIN',
  },
  more: { sw: '98 Zaidi', en: '98 More' },
  back: { sw: '0 Menyu', en: '0 Menu' },
  badChoice: { sw: 'Chaguo si sahihi. Piga tena.', en: 'Not a choice on the menu. Please dial again.' },
  noSeason: { sw: 'Hakuna msimu bado.', en: 'No season yet.' },
  deliveries: {
    sw: 'Msimu {{season}}: stakabadhi {{receipts}}, kg {{kg}}',
    en: 'Season {{season}}: {{receipts}} receipts, {{kg}} kg',
  },
  grade: { sw: '{{crop}} daraja {{grade}}: kg {{kg}}', en: '{{crop}} grade {{grade}}: {{kg}} kg' },
  value: { sw: 'Thamani ya mauzo: TZS {{amount}}', en: 'Value sold: TZS {{amount}}' },
  noPayments: { sw: 'Hakuna mgawanyo wa mapato bado.', en: 'No settlement yet.' },
  settlement: {
    sw: '{{no}}: Jumla {{gross}}, makato {{deductions}}, mkopo {{loan}}, halisi TZS {{net}}. {{status}}',
    en: '{{no}}: gross {{gross}}, deductions {{deductions}}, loan {{loan}}, net TZS {{net}}. {{status}}',
  },
  /** A settlement that also paid the member's unpaid shares from the crop money (#32). */
  settlementWithShares: {
    sw: '{{no}}: Jumla {{gross}}, makato {{deductions}}, mkopo {{loan}}, hisa {{shares}}, halisi TZS {{net}}. {{status}}',
    en: '{{no}}: gross {{gross}}, deductions {{deductions}}, loan {{loan}}, shares {{shares}}, net TZS {{net}}. {{status}}',
  },
  /** One deduction of a settlement, named (the farmer's share of it). */
  deduction: { sw: '- {{name}}: {{amount}}', en: '- {{name}}: {{amount}}' },
  transportCharge: { sw: 'Gharama ya usafiri', en: 'Transport charge' },
  paidStatus: { sw: 'Imelipwa, Kumbukumbu {{ref}}', en: 'Paid, ref {{ref}}' },
  pendingStatus: { sw: 'Inasubiri malipo', en: 'Payment pending' },
  failedStatus: {
    sw: 'Malipo yameshindikana, wasiliana na AMCOS',
    en: 'Payment failed, please see your AMCOS',
  },
  unpaidStatus: { sw: 'Bado kulipwa', en: 'Not paid yet' },
  /** A second payment to the farmer (#32): their kg at the rate, the amount and how its payment stands. */
  secondPayment: {
    sw: '{{no}} Malipo ya pili: kg {{kg}} x {{rate}} = TZS {{amount}}. {{status}}',
    en: '{{no}} Second payment: {{kg}} kg x {{rate}} = TZS {{amount}}. {{status}}',
  },
  paymentTotals: {
    sw: 'Jumla halisi TZS {{net}}, umelipwa {{paid}}, bado {{unpaid}}',
    en: 'Total net TZS {{net}}, paid {{paid}}, unpaid {{unpaid}}',
  },
  loanTotals: {
    sw: 'Umepewa TZS {{given}}, umerejesha {{recovered}}, deni {{outstanding}}',
    en: 'Given TZS {{given}}, recovered {{recovered}}, owed {{outstanding}}',
  },
  loan: {
    sw: '{{no}} {{kind}}: {{amount}}, deni {{outstanding}}',
    en: '{{no}} {{kind}}: {{amount}}, owed {{outstanding}}',
  },
  cashLoan: { sw: 'mkopo wa fedha taslimu', en: 'cash advance' },
  inputsLoan: { sw: 'pembejeo', en: 'inputs' },
  noLoans: { sw: 'Huna mkopo.', en: 'You have no loan.' },
  noPrices: { sw: 'Hakuna bei za mnada bado.', en: 'No auction prices yet.' },
  auction: { sw: 'Mnada {{no}} {{date}}:', en: 'Auction {{no}} {{date}}:' },
  price: {
    sw: '{{grade}}: wastani TZS {{average}}/kg ({{min}}-{{max}})',
    en: '{{grade}}: average TZS {{average}}/kg ({{min}}-{{max}})',
  },
  newPin: { sw: 'Weka PIN mpya (tarakimu 4):', en: 'Enter a new 4-digit PIN:' },
  confirmPin: { sw: 'Rudia PIN mpya:', en: 'Enter the new PIN again:' },
  pinsDiffer: { sw: 'PIN hazilingani. Piga tena.', en: 'The PINs do not match. Please dial again.' },
  pinChanged: { sw: 'PIN yako imebadilishwa.', en: 'Your PIN is changed.' },
  busy: {
    sw: 'Maombi mengi mno. Jaribu tena baada ya dakika chache.',
    en: 'Too many requests. Please try again in a few minutes.',
  },
} as const satisfies Record<string, Record<UssdLang, string>>;

export type UssdText = keyof typeof USSD_TEXTS;

/** A text in the farmer's language with its `{{slots}}` filled. */
export function say(lang: UssdLang, key: UssdText, values: Record<string, string | number> = {}): string {
  return USSD_TEXTS[key][lang].replace(/\{\{(\w+)\}\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}

/** Money as the farmer reads it: grouped, the cents left out only when there are none. Exact. */
export const tzs = (value: string) => toGroupedAmount(value, 2);

/** Kilograms grouped, trailing zeros of the grams left out. */
export const kgOf = (value: string) => toGroupedQuantity(value, 3);

export const con = (body: string) => `CON ${body}`;
export const end = (body: string) => `END ${body}`;

/** A line cut to fit a screen with room for its footer. */
function fit(line: string, room: number): string {
  return line.length <= room ? line : `${line.slice(0, room - 1)}…`;
}

/**
 * The lines split into pages; `page` (0 first) shown. Every page but the last ends "98 More";
 * every page ends "0 Menu". Answers the screen text (with `CON `) and whether a next page exists.
 */
export function pageOfLines(lines: string[], page: number, lang: UssdLang): { text: string; last: boolean } {
  const more = say(lang, 'more');
  const back = say(lang, 'back');
  const room = USSD_SCREEN_LENGTH - 'CON '.length - `\n${more}\n${back}`.length;
  const pages: string[][] = [[]];
  let used = 0;
  for (const raw of lines) {
    const line = fit(raw, room);
    const current = pages[pages.length - 1] as string[];
    const cost = (current.length ? 1 : 0) + line.length;
    if (current.length && used + cost > room) {
      pages.push([line]);
      used = line.length;
    } else {
      current.push(line);
      used += cost;
    }
  }
  const at = Math.min(page, pages.length - 1);
  const last = at === pages.length - 1;
  const body = (pages[at] as string[]).join('\n');
  return { text: con(`${body}\n${last ? back : `${more}\n${back}`}`), last };
}
