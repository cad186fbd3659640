import { toGroupedAmount, toGroupedQuantity } from '@ushirika/domain';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryProblems } from '../../../web/src/locales/glossary.ts';
import { distributionSmsText } from '../modules/inputs/distributions/distribution-sms.ts';
import {
  FARMER_SMS,
  fitList,
  fitsOneSms,
  localPhone,
  PAYMENT_CHANNEL,
  SMS_LENGTH,
  STAFF_SMS,
  smsText,
} from './sms-texts.ts';

// Long real values: a long society name, a big delivery, a farmer paid for two crops.
const SOCIETY = 'Mkombozi Kisemvule AMCOS Ltd';
const FILLED = {
  collected: {
    society: SOCIETY,
    kg: toGroupedQuantity('12345.500'),
    bags: '250',
    crop: 'korosho',
    grade: 'STD',
    date: '28/11/2026',
    receipt: 'RC-KIS04-2026-000123',
  },
  paidByBank: {
    society: SOCIETY,
    amount: toGroupedAmount('12345678.50'),
    crop: 'korosho, ufuta',
    channel: smsText(PAYMENT_CHANNEL.bank, { bank: 'CRDB Bank PLC' }),
    reference: 'ST-2026-000012/KIS04-00123',
  },
  paidByPhone: {
    society: SOCIETY,
    amount: toGroupedAmount('830525.00'),
    crop: 'korosho',
    channel: smsText(PAYMENT_CHANNEL.mobile, { phone: localPhone('255754123456') }),
    reference: 'ST-2026-000012/KIS04-00123',
  },
  settlementApproved: {
    society: SOCIETY,
    no: 'ST-2026-000012',
    gross: '12,345,678.50',
    deductions: '1,234,567.50',
    loan: '1,000,000',
  },
};

/** Three input lines: two with a Swahili name, the last without one. */
const INPUT_LINES = [
  { itemName: 'Sulphur dust 25 kg', itemNameSw: 'Salfa ya unga kg 25', unit: 'bag', quantity: '4.000' },
  {
    itemName: 'Copper fungicide 1 L',
    itemNameSw: 'Dawa ya ukungu lita 1',
    unit: 'bottle',
    quantity: '3.000',
  },
  { itemName: 'Knapsack sprayer 16 L', itemNameSw: null, unit: 'piece', quantity: '1.000' },
];

const distribution = (
  kind: 'credit' | 'subsidised' | 'cash' | 'free',
  items: number,
  { society = SOCIETY, amount = '1332000.00', owed = '2150000.00' } = {},
) =>
  distributionSmsText(
    {
      amcosName: society,
      distributionNo: 'DS-2026-000042',
      kind,
      farmerAmount: amount,
      subsidyAmount: '450000.00',
      lines: INPUT_LINES.slice(0, items),
    },
    owed,
  );
/** A usual society and loan: the list of items has room. */
const usual = { society: 'Kisemvule AMCOS', amount: '262000.00', owed: '412000.00' };

/** Every SMS the product sends, filled with long real values (the list the issue note gives). */
function everySms(): [string, string][] {
  return [
    ['farmer: collected', smsText(FARMER_SMS.collected.sw, FILLED.collected)],
    ['farmer: paid by bank', smsText(FARMER_SMS.paid.sw, FILLED.paidByBank)],
    ['farmer: paid by mobile money', smsText(FARMER_SMS.paid.sw, FILLED.paidByPhone)],
    ['farmer: inputs on credit, one item (usual society and loan)', distribution('credit', 1, usual)],
    ['farmer: inputs on credit, three items (usual)', distribution('credit', 3, usual)],
    ['farmer: inputs on credit, three items (long name, big loan)', distribution('credit', 3)],
    ['farmer: inputs subsidised, two items (usual)', distribution('subsidised', 2, usual)],
    ['farmer: inputs subsidised, two items (long name, big loan)', distribution('subsidised', 2)],
    ['farmer: inputs for cash, three items', distribution('cash', 3)],
    ['farmer: inputs free, three items', distribution('free', 3)],
    ...(['sw', 'en'] as const).flatMap((lang): [string, string][] => [
      [
        `farmer (${lang}): settlement approved (#31)`,
        smsText(FARMER_SMS.settlementApproved[lang], { ...FILLED.settlementApproved, net: '10,111,111' }),
      ],
      [
        `farmer (${lang}): settlement approved, shares paid (#32)`,
        smsText(FARMER_SMS.settlementApprovedWithShares[lang], {
          ...FILLED.settlementApproved,
          shares: '300,000',
          net: '9,811,111',
        }),
      ],
      [
        `farmer (${lang}): second payment (#32)`,
        smsText(FARMER_SMS.secondPayment[lang], {
          society: SOCIETY,
          no: 'SP-2026-000012',
          rate: toGroupedAmount('150.50'),
          kg: toGroupedQuantity('12345.678'),
          crop: lang === 'sw' ? 'korosho' : 'cashew',
          amount: toGroupedAmount('1858024.54'),
        }),
      ],
      [
        `farmer (${lang}): payment failed (#31)`,
        smsText(FARMER_SMS.paymentFailed[lang], {
          society: 'Kisemvule AMCOS',
          amount: '12,345,678.50',
          reference: 'ST-2026-000012/KIS04-00123',
        }),
      ],
      [
        `farmer (${lang}): loan recovered (#31)`,
        smsText(FARMER_SMS.loanRecovered[lang], {
          society: SOCIETY,
          amount: toGroupedAmount('12345678.50'),
          owed: toGroupedAmount('98765432.10'),
          no: 'ST-2026-000012',
        }),
      ],
      [
        `farmer (${lang}): cash advance given (#31)`,
        smsText(FARMER_SMS.loanGiven[lang], {
          society: 'Kisemvule AMCOS',
          amount: '1,500,000',
          owed: '2,150,000',
          reference: 'LN-2026-000042',
        }),
      ],
    ]),
    ...(['sw', 'en'] as const).map((lang): [string, string] => [
      `farmer (${lang}): auction result (#31)`,
      smsText(FARMER_SMS.auctionResult[lang], {
        society: SOCIETY,
        no: 'AUC-2026-0012',
        date: '28/11/2026',
        kg: '12,345.5',
        crop: lang === 'sw' ? 'korosho' : 'cashew',
        price: '2,345.67',
      }),
    ]),
    ['farmer: USSD PIN issued (#31)', smsText(FARMER_SMS.ussdPin.sw, { society: SOCIETY, pin: '4826' })],
    ...(['en', 'sw'] as const).flatMap((lang): [string, string][] => [
      [`staff (${lang}): sign-in code`, smsText(STAFF_SMS.signInCode[lang], { code: '482913' })],
      [`staff (${lang}): reset code`, smsText(STAFF_SMS.resetCode[lang], { code: '482913' })],
      [
        `staff (${lang}): welcome`,
        smsText(STAFF_SMS.welcome[lang], { email: 'neema.mushi@kisemvule.co.tz', password: 'Xk7#pQ2vLm9w' }),
      ],
      [
        `staff (${lang}): circular notice`,
        smsText(STAFF_SMS.circular[lang], {
          title: `${'Ratiba ya minada ya korosho msimu 2026/2027 '.slice(0, 57)}...`,
        }),
      ],
    ]),
  ];
}

describe('every SMS in one place (#35)', () => {
  it('goes as one SMS: at most 160 GSM characters, every slot filled', () => {
    const all = everySms();
    for (const [name, text] of all) {
      expect(text, name).not.toMatch(/\{\{/);
      expect({ name, length: text.length, fits: fitsOneSms(text) }).toEqual({
        name,
        length: text.length,
        fits: true,
      });
    }
    // The lengths, for the issue note.
    console.log(all.map(([name, text]) => `${text.length}\t${name}\t${text}`).join('\n'));
  });

  it("writes the farmer's paid SMS as the issue asks: society first, amount grouped without .00, crop, channel, Kumbukumbu", () => {
    expect(smsText(FARMER_SMS.paid.sw, FILLED.paidByPhone)).toBe(
      'Mkombozi Kisemvule AMCOS Ltd: Umelipwa TZS 830,525 za korosho kupitia pesa kwa simu 0754123456. Kumbukumbu: ST-2026-000012/KIS04-00123',
    );
    expect(smsText(FARMER_SMS.paid.sw, FILLED.paidByBank)).toContain(
      'Umelipwa TZS 12,345,678.50 za korosho, ufuta kupitia benki CRDB Bank PLC.',
    );
  });

  it("writes the loan recovered from decimal strings, grouped, without '.00' (#31)", () => {
    const values = {
      society: 'Kisemvule AMCOS',
      amount: toGroupedAmount('100000.00'),
      owed: toGroupedAmount('2150000.50'),
      no: 'ST-2026-000012',
    };
    expect(smsText(FARMER_SMS.loanRecovered.sw, values)).toBe(
      'Kisemvule AMCOS: Mkopo wako umelipwa TZS 100,000 kutoka mgawanyo wa mapato. Deni lililobaki TZS 2,150,000.50. Kumbukumbu: ST-2026-000012',
    );
    expect(smsText(FARMER_SMS.loanRecovered.en, values)).toBe(
      'Kisemvule AMCOS: TZS 100,000 of your loan was recovered from your settlement. Still owed: TZS 2,150,000.50. Reference: ST-2026-000012',
    );
    // A figure past a JS number's precision keeps every digit.
    expect(
      smsText(FARMER_SMS.loanRecovered.sw, { ...values, owed: toGroupedAmount('90071992547409.93') }),
    ).toContain('TZS 90,071,992,547,409.93.');
  });

  it('names inputs by their Swahili names and shortens a long list instead of sending two SMS', () => {
    expect(distribution('credit', 1, usual)).toBe(
      'Kisemvule AMCOS: Umepokea Salfa ya unga kg 25 (mifuko 4) kwa mkopo wa TZS 262,000. Deni lote TZS 412,000, litakatwa kwenye mauzo. Kumbukumbu: DS-2026-000042',
    );
    expect(distribution('cash', 3)).toMatch(/Umepokea Salfa ya unga kg 25 \(mifuko 4\) na 2 zaidi, umelipa/);
    expect(distribution('credit', 3)).toMatch(/Umepokea pembejeo 3 kwa mkopo wa TZS 1,332,000\./);
    // An item without a Swahili name reads by its one name; units in Swahili, plural by the quantity.
    expect(distribution('free', 2, usual)).toContain(
      'Umepokea Salfa ya unga kg 25 (mifuko 4), Dawa ya ukungu lita 1 (chupa 3) bila malipo.',
    );
    const sprayer = distributionSmsText(
      {
        amcosName: usual.society,
        distributionNo: 'DS-2026-000042',
        kind: 'cash',
        farmerAmount: '85000.00',
        subsidyAmount: '0.00',
        lines: INPUT_LINES.slice(2),
      },
      '0.00',
    );
    expect(sprayer).toBe(
      'Kisemvule AMCOS: Umepokea Knapsack sprayer 16 L (kipande 1), umelipa TZS 85,000 taslimu. Kumbukumbu: DS-2026-000042',
    );
    expect(fitList(['a', 'b', 'c'], 10, 'vitu 3')).toBe('a, b, c');
    // A farmer who chose English reads the English names, units and shortening (#31).
    const english = (items: number) =>
      distributionSmsText(
        {
          amcosName: usual.society,
          distributionNo: 'DS-2026-000042',
          kind: 'cash',
          farmerAmount: '85000.00',
          subsidyAmount: '0.00',
          lines: INPUT_LINES.slice(0, items),
        },
        '0.00',
        'en',
      );
    expect(english(1)).toBe(
      'Kisemvule AMCOS: You received Sulphur dust 25 kg (4 bags) and paid TZS 85,000 in cash. Reference: DS-2026-000042',
    );
    expect(english(3)).toMatch(
      /: You received Sulphur dust 25 kg \(4 bags\)(, Copper fungicide 1 L \(3 bottles\))? and \d more and paid/,
    );
    expect(fitsOneSms(english(3))).toBe(true);
    expect(fitList(['abcdef', 'ghijkl', 'mnopqr'], 17, 'vitu 3')).toBe('abcdef na 2 zaidi');
    expect(fitList(['abcdef', 'ghijkl', 'mnopqr'], 12, 'vitu 3')).toBe('vitu 3');
  });

  it('counts a character outside the GSM alphabet as what it is: a message cut to 70', () => {
    expect(fitsOneSms('a'.repeat(SMS_LENGTH))).toBe(true);
    expect(fitsOneSms('a'.repeat(SMS_LENGTH + 1))).toBe(false);
    expect(fitsOneSms('Mkulima · korosho')).toBe(false);
    expect(fitsOneSms('Bei “nzuri”')).toBe(false);
  });

  it('follows the glossary, in Swahili and in English', () => {
    const texts = [
      ...Object.entries(FARMER_SMS).map(([key, sms]) => ({ key: `sms.${key}`, ...sms })),
      ...Object.entries(STAFF_SMS).map(([key, sms]) => ({ key: `sms.${key}`, ...sms })),
    ];
    expect(glossaryProblems(texts)).toEqual([]);
    expect(GLOSSARY.length).toBeGreaterThan(40);
  });
});
