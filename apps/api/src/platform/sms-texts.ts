import { type SQL, sql } from 'drizzle-orm';
import type { Lang } from './labels.ts';

/**
 * Every SMS the product sends, in one place (#35). A text is a template whose `{{slots}}` are
 * filled by `smsText` (or, inside one SQL statement, `smsTextSql`); the caller formats the values
 * (amounts with `toGroupedAmount`, quantities with `toGroupedQuantity`, never through a JS number).
 *
 * Farmers' SMS are in the farmer's language, whatever the clerk's screen: Swahili unless the farmer
 * chose English on the phone service (`farmer_pins.language`). The society's name first (a farmer trusts
 * a message that says who sends it), then what happened, the amount grouped, the crop, and last
 * "Kumbukumbu:" with the number the farmer can quote at the AMCOS. Each has its English text (sent
 * to a farmer who chose English, and read by the glossary test). A new one (#31: settlement approved, payment
 * sent or failed, loan given or recovered, auction result) is one more entry in `FARMER_SMS` with
 * the same shape, a test in sms-texts.unit.test.ts that fills it with long real values and checks
 * `fitsOneSms`, and a call of `smsText` where its event is saved (through the SMS outbox).
 *
 * Staff SMS are in the staff member's language: the language of the screen they asked from (a
 * sign-in or reset code), else the language kept on their user record (welcome, notices).
 */

/** A farmer's SMS in Swahili and in English. */
export type FarmerSms = { sw: string; en: string };

export const FARMER_SMS = {
  /** The weighing at the AMCOS (the farmer's collection receipt). */
  collected: {
    sw: '{{society}}: Tumepokea kg {{kg}} ({{bags}} magunia) za {{crop}} daraja {{grade}}, tarehe {{date}}. Stakabadhi: {{receipt}}',
    en: '{{society}}: We received {{kg}} kg ({{bags}} bags) of {{crop}}, grade {{grade}}, on {{date}}. Receipt: {{receipt}}',
  },
  /** A settlement's payment line marked paid: the farmer's crop money reached them. */
  paid: {
    sw: '{{society}}: Umelipwa TZS {{amount}} za {{crop}} kupitia {{channel}}. Kumbukumbu: {{reference}}',
    en: '{{society}}: You were paid TZS {{amount}} for {{crop}} through {{channel}}. Reference: {{reference}}',
  },
  /** Inputs given on credit: the farmer owes them, recovered from the crop money. */
  inputsOnCredit: {
    sw: '{{society}}: Umepokea {{items}} kwa mkopo wa TZS {{amount}}. Deni lote TZS {{owed}}, litakatwa kwenye mauzo. Kumbukumbu: {{reference}}',
    en: '{{society}}: You received {{items}} on a loan of TZS {{amount}}. All you owe: TZS {{owed}}, recovered from your crop sales. Reference: {{reference}}',
  },
  /** Inputs at the subsidised price: the programme pays its share, the farmer owes the rest. */
  inputsSubsidised: {
    sw: '{{society}}: Umepokea {{items}} kwa ruzuku, mkopo TZS {{amount}}. Deni lote TZS {{owed}}, litakatwa kwenye mauzo. Kumbukumbu: {{reference}}',
    en: '{{society}}: You received {{items}} at the subsidised price, loan TZS {{amount}}. All you owe: TZS {{owed}}, recovered from your crop sales. Reference: {{reference}}',
  },
  /** Inputs paid in cash at the store. */
  inputsForCash: {
    sw: '{{society}}: Umepokea {{items}}, umelipa TZS {{amount}} taslimu. Kumbukumbu: {{reference}}',
    en: '{{society}}: You received {{items}} and paid TZS {{amount}} in cash. Reference: {{reference}}',
  },
  /** Inputs given free of charge. */
  inputsFree: {
    sw: '{{society}}: Umepokea {{items}} bila malipo. Kumbukumbu: {{reference}}',
    en: '{{society}}: You received {{items}} free of charge. Reference: {{reference}}',
  },
  /** A settlement approved (#31): what the farmer will receive and why, before it is paid. */
  settlementApproved: {
    sw: '{{society}}: Mgawanyo wa mapato {{no}}: jumla TZS {{gross}}, makato {{deductions}}, mkopo {{loan}}. Utapokea TZS {{net}}.',
    en: '{{society}}: Settlement {{no}}: gross TZS {{gross}}, deductions {{deductions}}, loan {{loan}}. You will receive TZS {{net}}.',
  },
  /**
   * A settlement approved that also paid the member's unpaid shares from the crop money (#32).
   * Shorter than settlementApproved ("jumla" without "TZS", "Utapata") so it stays one SMS.
   */
  settlementApprovedWithShares: {
    sw: '{{society}}: Mgawanyo wa mapato {{no}}: jumla {{gross}}, makato {{deductions}}, mkopo {{loan}}, hisa {{shares}}. Utapata TZS {{net}}.',
    en: '{{society}}: Settlement {{no}}: gross {{gross}}, deductions {{deductions}}, loan {{loan}}, shares {{shares}}. You get TZS {{net}}.',
  },
  /** A second payment to farmers approved (#32): the rate, their kg and what they will receive. */
  secondPayment: {
    sw: '{{society}}: Malipo ya pili {{no}}: TZS {{rate}}/kg kwa kg {{kg}} za {{crop}}. Utapokea TZS {{amount}}.',
    en: '{{society}}: Second payment {{no}}: TZS {{rate}} a kg on your {{kg}} kg of {{crop}}. You will receive TZS {{amount}}.',
  },
  /** A payment line the bank or wallet refused (#31): what to do. */
  paymentFailed: {
    sw: '{{society}}: Malipo yako ya TZS {{amount}} hayakufika. Hakikisha namba ya simu au akaunti yako kwa AMCOS. Kumbukumbu: {{reference}}',
    en: '{{society}}: Your payment of TZS {{amount}} did not go through. Check your phone or bank account at the AMCOS. Reference: {{reference}}',
  },
  /** A cash advance approved (#31). */
  loanGiven: {
    sw: '{{society}}: Umepewa mkopo wa fedha taslimu TZS {{amount}}. Deni lote TZS {{owed}}, litakatwa kwenye mauzo. Kumbukumbu: {{reference}}',
    en: '{{society}}: You were given a cash advance of TZS {{amount}}. All you owe: TZS {{owed}}, recovered from your crop sales. Reference: {{reference}}',
  },
  /**
   * A settlement recovered the farmer's loans (#31): how much of their crop money went to their
   * loans, what they still owe on active loans afterwards, and the settlement's number.
   */
  loanRecovered: {
    sw: '{{society}}: Mkopo wako umelipwa TZS {{amount}} kutoka mgawanyo wa mapato. Deni lililobaki TZS {{owed}}. Kumbukumbu: {{no}}',
    en: '{{society}}: TZS {{amount}} of your loan was recovered from your settlement. Still owed: TZS {{owed}}. Reference: {{no}}',
  },
  /** An auction closed (#31): each farmer with crop in its sold lots, their kg and its price. */
  auctionResult: {
    sw: '{{society}}: Mnada {{no}} {{date}}: kg {{kg}} za {{crop}} zimeuzwa, wastani TZS {{price}}/kg. Malipo baada ya mgawanyo wa mapato.',
    en: '{{society}}: Auction {{no}} {{date}}: your {{kg}} kg of {{crop}} sold at TZS {{price}}/kg on average. Paid after the settlement.',
  },
  /** A USSD PIN issued or reset by the AMCOS (#31): the farmer reads their money with it. */
  ussdPin: {
    sw: '{{society}}: PIN yako ya huduma ya simu (USSD) ni {{pin}}. Usimpe mtu. Ibadili kwa chaguo 5 la menyu.',
    en: '{{society}}: Your phone service (USSD) PIN is {{pin}}. Tell nobody. Change it with choice 5 of the menu.',
  },
} as const satisfies Record<string, FarmerSms>;

export type FarmerSmsKind = keyof typeof FARMER_SMS;

/**
 * The farmer's SMS a farmer may turn off (#31, "Farmers can opt out of non-essential messages"):
 * news, not a record of their own crop or money. Essential, always sent: the collection receipt,
 * inputs and loans given, the settlement approved, the loan recovered, the payment sent or failed
 * (each the only written record the farmer gets of money they owe or are owed) and the USSD PIN
 * (which they asked the AMCOS for). Optional: the auction result (their crop's price, before any
 * money moves; the settlement's SMS tells them what they get). The outbox skips an optional SMS for
 * a farmer whose `sms_opt_out` is set (`enqueueEventSms`).
 */
export const OPTIONAL_FARMER_SMS: ReadonlySet<FarmerSmsKind> = new Set<FarmerSmsKind>(['auctionResult']);

/**
 * The event key of an optional farmer SMS: `<kind's prefix><event id>:<farmer id>`. Opting out
 * withdraws the farmer's optional SMS still waiting in the outbox by these keys.
 */
export const OPTIONAL_SMS_KEY_PREFIX = { auctionResult: 'auction-result:' } as const;
export const optionalSmsKey = (
  kind: keyof typeof OPTIONAL_SMS_KEY_PREFIX,
  eventId: string,
  farmerId: string,
) => `${OPTIONAL_SMS_KEY_PREFIX[kind]}${eventId}:${farmerId}`;

/** How a paid farmer's money reached them, as the payment line records it. */
export const PAYMENT_CHANNEL = {
  /** `{{bank}}`: the bank's name. */
  bank: 'benki {{bank}}',
  /** `{{phone}}`: the wallet's number as the farmer writes it (07…). */
  mobile: 'pesa kwa simu {{phone}}',
} as const;

export const STAFF_SMS = {
  signInCode: {
    en: 'Your Ushirika sign-in code is {{code}}. It expires in 5 minutes.',
    sw: 'Msimbo wako wa kuingia Ushirika ni {{code}}. Unaisha baada ya dakika 5.',
  },
  resetCode: {
    en: 'Your Ushirika password reset code is {{code}}. It expires in 5 minutes.',
    sw: 'Msimbo wako wa kubadilisha nenosiri la Ushirika ni {{code}}. Unaisha baada ya dakika 5.',
  },
  welcome: {
    en: 'Welcome to Ushirika. Sign in with {{email}} and the password {{password}}. You will be asked to change it.',
    sw: 'Karibu Ushirika. Ingia kwa {{email}} na nenosiri {{password}}. Utaombwa kulibadilisha.',
  },
  circular: {
    en: 'New union circular: "{{title}}". Sign in to Ushirika to read it.',
    sw: 'Waraka mpya kutoka Chama Kikuu: "{{title}}". Ingia kwenye Ushirika kuusoma.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

/** One SMS carries 160 characters of the GSM 7-bit alphabet; one other character cuts it to 70. */
export const SMS_LENGTH = 160;
const GSM_7BIT = /^[A-Za-z0-9 \n\r@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

/** Whether a text goes as one SMS: at most 160 characters, all of the GSM 7-bit alphabet. */
export const fitsOneSms = (text: string) => text.length <= SMS_LENGTH && GSM_7BIT.test(text);

const SLOT = /\{\{(\w+)\}\}/g;

/** A template with its slots filled (a slot without a value stays visible, so a test catches it). */
export function smsText(template: string, values: Record<string, string>): string {
  return template.replace(SLOT, (slot, name: string) => values[name] ?? slot);
}

/**
 * The same text built by SQL, for a save that writes its SMS in the same statement as its record
 * (the weighing): the template's words are bound parameters and each slot is the SQL given for it,
 * so a named prepared statement keeps one text for every call.
 */
export function smsTextSql(template: string, values: Record<string, SQL>): SQL {
  const parts: SQL[] = [];
  let at = 0;
  for (const match of template.matchAll(SLOT)) {
    const value = values[match[1] ?? ''];
    if (!value) throw new Error(`No value for the SMS slot ${match[0]}`);
    parts.push(sql`${template.slice(at, match.index)}::text`, sql`(${value})::text`);
    at = match.index + match[0].length;
  }
  parts.push(sql`${template.slice(at)}::text`);
  return sql.join(parts, sql` || `);
}

/**
 * `toGroupedAmount` in SQL, for a statement that builds many SMS at once (a settlement's farmers):
 * the amount rounded half-up to 2 places, thousands grouped with commas, a whole amount without
 * ".00": "1,234,567", "1,234.50", "-12.05". The same text as `toGroupedAmount` (tested on both
 * databases in sms-texts.test.ts).
 */
export function groupedAmountSql(amount: SQL): SQL {
  return sql`regexp_replace(to_char(round((${amount})::numeric, 2), 'FM999,999,999,999,999,999,999,990.00'), '\\.00$', '')`;
}

/**
 * A list of things for an SMS in at most `room` characters: as many as fit, then "na N zaidi"
 * ("and N more"), else only how many (`counted`: "pembejeo 3"), so a long list never pushes the
 * rest of the message into a second SMS.
 */
export function fitList(
  items: readonly string[],
  room: number,
  counted: string,
  more: (left: number) => string = (left) => `na ${left} zaidi`,
): string {
  const all = items.join(', ');
  if (all.length <= room) return all;
  for (let shown = items.length - 1; shown > 0; shown--) {
    const text = `${items.slice(0, shown).join(', ')} ${more(items.length - shown)}`;
    if (text.length <= room) return text;
  }
  return counted;
}

/** A Tanzanian mobile number as people write it: 255754123456 -> 0754123456. */
export const localPhone = (phone: string) => phone.replace(/^\+?255(\d{9})$/, '0$1');
