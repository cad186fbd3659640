import { randomUUID } from 'node:crypto';
import type { FarmerStatement, FarmerUssd } from '@ushirika/contracts';
import { USSD_SCREEN_LENGTH } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { settleAndPayAB } from '../../../test/settled-season.ts';
import { makeCessAndLevy, makeFarmers, makeSettlementWorld } from '../../../test/settlement-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { enqueueEventSms, WITHDRAWN_OPTIONAL_SMS } from '../../platform/sms-outbox.ts';
import { fitsOneSms, optionalSmsKey } from '../../platform/sms-texts.ts';
import { accountId, TODAY } from '../accounts/testing.ts';
import { queueLoanGivenSms, queueLoanRecoveredSms } from '../settlement/loans/loan-sms.ts';
import { queueSettlementSms } from '../settlement/runs/settlement-sms.ts';
import { tzs } from './screens.ts';
import { USSD_TEST_SECRET, type UssdStep, ussdClient } from './testing.ts';

/**
 * The farmers' USSD service (#31) over a settled season (the farmer statement test's figures): A
 * delivered 500 kg, gross 1,000,000, deductions 40,000, advance 100,000 recovered, net 860,000
 * paid. Sessions are simulated as the aggregator sends them: every answer so far joined by '*'.
 */
const SECRET = USSD_TEST_SECRET;
let t: TestApp;
let officer: Session;
let finance: Session;
let admin: Session;
let manager: Session;
let otherManager: Session;
let a: { id: string; phone: string };
let b: { id: string; phone: string };
let pinA = '';
let pinB = '';
let client: ReturnType<typeof ussdClient>;
let settlementId = '';
let settlementNo = '';
let loanId = '';
let batchId = '';

const ussd = (step: UssdStep, key: string | null = SECRET) => client.step(step, key);
const walk = (phoneNumber: string, answers: string[]) => client.walk(phoneNumber, answers);
const phoneOf = (farmerId: string) => client.phoneOf(farmerId);
const pinSentTo = (phone: string) => client.pinSentTo(phone);

const status = async (farmerId: string, who = manager) =>
  t.request<{ data: FarmerUssd; message?: string }>('GET', `/collections/farmers/${farmerId}/ussd`, {
    token: who.access,
  });

beforeAll(async () => {
  t = await startTestApp({ USSD_SECRET: SECRET, USSD_RATE_LIMIT: '1000' });
  client = ussdClient(t);
  admin = await sessionAs(t, 'Administrator');
  officer = await sessionAs(t, 'Settlement Officer');
  finance = await sessionAs(t, 'Finance Manager');
  const world = await makeSettlementWorld(t.db);
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId });
  otherManager = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
  await makeCessAndLevy(t.db, world);
  const [fa, fb] = await makeFarmers(t.db, world, ['bank', 'mobile']);
  a = { id: fa?.id ?? '', phone: await phoneOf(fa?.id ?? '') };
  b = { id: fb?.id ?? '', phone: await phoneOf(fb?.id ?? '') };
  const loan = await t.request<{ data: { id: string } }>('POST', '/payments/loans', {
    token: officer.access,
    body: {
      farmerId: a.id,
      issuedOn: TODAY,
      amount: '100000',
      reason: 'School fees advance',
      bankAccountId: await accountId(t, 'collection', '1101'),
    },
  });
  loanId = loan.body.data.id;
  await t.request('PATCH', `/payments/loans/${loanId}/approve`, { token: finance.access });
  const { settlement, batch } = await settleAndPayAB(t, { admin, officer, finance }, world, {
    a: a.id,
    b: b.id,
  });
  settlementId = settlement.id;
  settlementNo = settlement.settlementNo;
  batchId = batch.id;
  for (const f of [a, b]) {
    const issued = await t.request('POST', `/collections/farmers/${f.id}/ussd/pin`, {
      token: manager.access,
    });
    if (issued.status !== 200) throw new Error(JSON.stringify(issued.body));
  }
  pinA = await pinSentTo(a.phone);
  pinB = await pinSentTo(b.phone);
}, 120_000);
afterAll(() => t.close());

describe('the aggregator’s call', () => {
  it('is refused without the secret or with a wrong one, as JSON with a message', async () => {
    for (const key of [null, 'wrong-secret']) {
      const r = await ussd({ phoneNumber: a.phone, text: '' }, key);
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text)).toEqual({ message: expect.stringContaining('Unauthorized') });
    }
  });

  it('answers a malformed step with 400 and a clear message, never 500', async () => {
    const noPhone = await fetch(`${t.url}/api/ussd?key=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sessionId: 'x1', text: '' }),
    });
    expect(noPhone.status).toBe(400);
    expect(((await noPhone.json()) as { message: string }).message).toMatch(/phone number/i);
    const garbage = await fetch(`${t.url}/api/ussd?key=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'sessionId=%E0%A4%A&&&phoneNumber=abc',
    });
    expect(garbage.status).toBe(400);
    // A PIN that is not 4 digits, a choice not on the menu: END with what to do.
    expect((await ussd({ phoneNumber: a.phone, text: '12a4' })).text).toBe(
      'END PIN ni tarakimu 4. Piga tena.',
    );
    expect((await ussd({ phoneNumber: a.phone, text: `${pinA}*7` })).text).toBe(
      'END Chaguo si sahihi. Piga tena.',
    );
    expect((await ussd({ phoneNumber: a.phone, text: `${pinA}*1*55` })).text).toMatch(/^END Chaguo/);
  });
});

describe('a farmer’s session', () => {
  it('opens in Swahili, with English a choice away', async () => {
    const [sw] = await walk(a.phone, []);
    expect(sw).toBe('CON Karibu Ushirika.\nWeka PIN yako (tarakimu 4):\n0 English');
    const [, en] = await walk(a.phone, ['0']);
    expect(en).toBe('CON Welcome to Ushirika.\nEnter your 4-digit PIN:');
  });

  it('shows the menu after the PIN, in the language chosen', async () => {
    const sw = await walk(a.phone, [pinA]);
    expect(sw[1]).toMatch(/^CON Farmer\d+\n1 Mauzo yangu\n2 Malipo yangu/);
    const en = await walk(a.phone, ['0', pinA]);
    expect(en[2]).toMatch(/^CON Farmer\d+\n1 My deliveries\n2 My payments/);
    expect((await status(a.id)).body.data.language).toBe('en');
    await walk(a.phone, [pinA]);
    expect((await status(a.id)).body.data.language).toBe('sw');
  });

  it('gives deliveries, payments and loans with the statement’s own figures, in both languages', async () => {
    const statement = await t.request<{ data: FarmerStatement }>(
      'GET',
      `/collections/farmers/${a.id}/statement`,
      {
        token: manager.access,
      },
    );
    const s = statement.body.data;
    const row = s.settlements.rows[0];
    expect(row?.net).toBe('860000.00');
    const deliveries = (await walk(a.phone, [pinA, '1'])).at(-1) ?? '';
    expect(deliveries).toContain(`stakabadhi 2, kg 500`);
    expect(deliveries).toContain(`Thamani ya mauzo: TZS ${tzs(s.settlements.totals.grossShare)}`);
    const payments = (await walk(a.phone, [pinA, '2'])).at(-1) ?? '';
    expect(payments).toContain(
      `${row?.settlementNo}: Jumla 1,000,000, makato 40,000, mkopo 100,000, halisi TZS 860,000`,
    );
    // Each deduction by name, A's share of the lot's (5/8: 500 of its 800 kg), adding up to 40,000.
    const named = (await walk(a.phone, [pinA, '2', '98'])).slice(-2).join('\n');
    expect(named).toMatch(/\n- Council cess: 30,000\n(98 Zaidi\n0 Menyu\n)?(CON )?- AMCOS levy: 10,000\n/);
    const all = (await walk(a.phone, [pinA, '2', '98'])).slice(-2).join('\n');
    expect(all).toContain(`Imelipwa, Kumbukumbu ${row?.payment?.reference}`);
    const loans = (await walk(a.phone, ['0', pinA, '3'])).at(-1) ?? '';
    expect(loans).toContain('Given TZS 100,000, recovered 100,000, owed 0');
    const enPayments = (await walk(a.phone, ['0', pinA, '2'])).at(-1) ?? '';
    expect(enPayments).toContain('gross 1,000,000, deductions 40,000, loan 100,000, net TZS 860,000');
    const enNamed = (await walk(a.phone, ['0', pinA, '2', '98'])).slice(-2).join('\n');
    expect(enNamed).toMatch(/- Council cess: 30,000\n(98 More\n0 Menu\n)?(CON )?- AMCOS levy: 10,000\n/);
    // B's share: 3/8 of the lot's 48,000 and 16,000.
    const bNamed = (await walk(b.phone, [pinB, '2', '98'])).slice(-2).join('\n');
    expect(bNamed).toMatch(/- Council cess: 18,000\n(98 Zaidi\n0 Menyu\n)?(CON )?- AMCOS levy: 6,000\n/);
    // B's payment failed: told what to do.
    const bPayments = (await walk(b.phone, [pinB, '2', '98'])).slice(-2).join('\n');
    expect(bPayments).toMatch(/Malipo yameshindikana, wasiliana na AMCOS/);
    const prices = (await walk(a.phone, [pinA, '4'])).at(-1) ?? '';
    expect(prices).toMatch(/^CON (Hakuna bei za mnada bado\.|Mnada )/);
  });

  it('fits every screen of every menu in 182 characters, paging with 98 and back with 0', async () => {
    const screens: string[] = [];
    for (const lang of [[], ['0']])
      for (const choice of ['1', '2', '3', '4'])
        screens.push(...(await walk(a.phone, [...lang, pinA, choice, '98', '98', '0', choice])));
    for (const screen of screens) {
      expect(screen.length).toBeLessThanOrEqual(USSD_SCREEN_LENGTH);
      expect(screen).toMatch(/^(CON|END) /);
    }
    const back = await walk(a.phone, [pinA, '2', '0']);
    expect(back.at(-1)).toMatch(/1 Mauzo yangu/);
  });

  it('answers the same step of a session with the same screen, and counts a retried wrong PIN once', async () => {
    const step = { sessionId: 'ATUid_retry', phoneNumber: b.phone, text: `${pinB}*2` };
    const first = await ussd(step);
    const again = await ussd(step);
    expect(again).toEqual(first);
    const wrong = pinB === '9999' ? '9998' : '9999';
    const retried = { sessionId: 'ATUid_wrong', phoneNumber: b.phone, text: wrong };
    await ussd(retried);
    await ussd(retried);
    expect((await status(b.id)).body.data).toMatchObject({ status: 'active', failedAttempts: 1 });
    // A right PIN clears the count.
    await walk(b.phone, [pinB]);
    expect((await status(b.id)).body.data.failedAttempts).toBe(0);
  });
});

describe('PINs', () => {
  it('answers an unknown number, a wrong PIN and a locked PIN with the same screen', async () => {
    const wrong = pinA === '1357' ? '2468' : '1357';
    const unknown = (await walk('255799999999', [wrong])).at(-1);
    const bad = (await walk(a.phone, [wrong])).at(-1);
    expect(unknown).toBe(bad);
    expect(bad).toBe('END PIN si sahihi. Makosa 3 hufunga huduma; AMCOS yako itaifungua.');
    // Unknown in English likewise.
    expect((await walk('+255799999998', ['0', pinA])).at(-1)).toBe(
      (await walk(a.phone, ['0', wrong])).at(-1),
    );
    await walk(a.phone, [pinA]); // clears the count
  });

  it('locks after three wrong PINs until the AMCOS unlocks; unlocking is audited', async () => {
    const wrong = pinA === '1357' ? '2468' : '1357';
    for (let i = 0; i < 3; i++) await walk(a.phone, [wrong]);
    const locked = await status(a.id);
    expect(locked.body.data).toMatchObject({ status: 'locked', failedAttempts: 3 });
    // The right PIN now gets the same refusal as a wrong one.
    expect((await walk(a.phone, [pinA])).at(-1)).toMatch(/^END PIN si sahihi/);
    // Another society's manager can neither see nor unlock it.
    expect((await status(a.id, otherManager)).status).toBe(403);
    expect(
      (await t.request('POST', `/collections/farmers/${a.id}/ussd/unlock`, { token: otherManager.access }))
        .status,
    ).toBe(403);
    const unlocked = await t.request<{ data: FarmerUssd }>(
      'POST',
      `/collections/farmers/${a.id}/ussd/unlock`,
      {
        token: manager.access,
      },
    );
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect((await walk(a.phone, [pinA])).at(-1)).toMatch(/^CON Farmer/);
    const again = await t.request<{ message: string }>('POST', `/collections/farmers/${a.id}/ussd/unlock`, {
      token: manager.access,
    });
    expect(again.status).toBe(409);
    const [audit] = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from audit_events where entity = 'farmer' and entity_id = ${a.id}
            and action in ('ussd_pin_issued', 'ussd_unlocked')`,
    );
    expect(audit?.n).toBe(2);
  });

  it('lets the farmer change their PIN on the menu; the old one stops working', async () => {
    const next = pinA === '4826' ? '5937' : '4826';
    const screens = await walk(a.phone, [pinA, '5', next, next]);
    expect(screens.slice(-3)).toEqual([
      'CON Weka PIN mpya (tarakimu 4):',
      'CON Rudia PIN mpya:',
      'END PIN yako imebadilishwa.',
    ]);
    expect((await walk(a.phone, [pinA])).at(-1)).toMatch(/^END PIN si sahihi/);
    expect((await walk(a.phone, [next])).at(-1)).toMatch(/^CON Farmer/);
    expect((await walk(a.phone, [next, '5', '1111', '2222'])).at(-1)).toBe('END PIN hazilingani. Piga tena.');
    pinA = next;
  });

  it('is issued again by the AMCOS by SMS, never shown to staff, and never to another society', async () => {
    const refused = await t.request('POST', `/collections/farmers/${b.id}/ussd/pin`, {
      token: otherManager.access,
    });
    expect(refused.status).toBe(403);
    const reissued = await t.request<{ data: FarmerUssd }>('POST', `/collections/farmers/${b.id}/ussd/pin`, {
      token: manager.access,
    });
    expect(reissued.status).toBe(200);
    expect(JSON.stringify(reissued.body)).not.toMatch(/pin_?hash|scrypt/i);
    const fresh = await pinSentTo(b.phone);
    expect(fresh).toMatch(/^\d{4}$/);
    expect((await walk(b.phone, [fresh])).at(-1)).toMatch(/^CON Farmer/);
    const [stored] = await queryRows(
      t.db,
      z.object({ h: z.string() }),
      sql`select pin_hash as h from farmer_pins where farmer_id = ${b.id}`,
    );
    expect(stored?.h).not.toContain(fresh);
    expect(stored?.h).toMatch(/^scrypt\$/);
  });

  it('rate limits one phone, answering END with what to do', async () => {
    const phone = '255788000001';
    expect((await ussd({ phoneNumber: phone, text: '' })).text).toMatch(/^CON /);
    // The phone's window as 1,000 steps would leave it.
    await t.db.execute(sql`update rate_limits set hits = 1000 where key = ${`ussd:${phone}`}`);
    const last = (await ussd({ phoneNumber: phone, text: '' })).text;
    expect(last).toBe('END Maombi mengi mno. Jaribu tena baada ya dakika chache.');
  });
});

const eventSms = z.object({ key: z.string(), recipient: z.string(), body: z.string() });
const eventMessages = () =>
  queryRows(
    t.db,
    eventSms,
    sql`select event_key as key, recipient, body from sms_outbox where event_key is not null order by event_key`,
  );

describe('SMS at money events (#31)', () => {
  it('tells each farmer of the settlement, the advance, the payment or its failure, with the statement’s figures', async () => {
    const messages = await eventMessages();
    const of = (key: string) => messages.filter((m) => m.key === key);
    const settledA = of(`settlement-approved:${settlementId}:${a.id}`);
    expect(settledA).toHaveLength(1);
    expect(settledA[0]?.recipient).toBe(a.phone);
    expect(settledA[0]?.body).toMatch(
      new RegExp(
        `Mgawanyo wa mapato ${settlementNo}: jumla TZS 1,000,000, makato 40,000, mkopo 100,000\\. Utapokea TZS 860,000\\.$`,
      ),
    );
    expect(of(`settlement-approved:${settlementId}:${b.id}`)[0]?.body).toContain('Utapokea TZS 576,000.');
    expect(of(`loan-given:${loanId}`)[0]?.body).toMatch(
      /Umepewa mkopo wa fedha taslimu TZS 100,000\. Deni lote TZS 100,000/,
    );
    // A's advance was recovered by the settlement: told once, with what is left (nothing); B had no loan.
    const recoveredA = of(`loan-recovered:${settlementId}:${a.id}`);
    expect(recoveredA.map((m) => [m.recipient, m.body.replace(/^[^:]+: /, '')])).toEqual([
      [
        a.phone,
        `Mkopo wako umelipwa TZS 100,000 kutoka mgawanyo wa mapato. Deni lililobaki TZS 0. Kumbukumbu: ${settlementNo}`,
      ],
    ]);
    expect(messages.filter((m) => m.key.startsWith('loan-recovered:'))).toHaveLength(1);
    const paidA = messages.filter((m) => m.key.startsWith('payment-paid:') && m.recipient === a.phone);
    expect(paidA).toHaveLength(1);
    expect(paidA[0]?.body).toContain('Umelipwa TZS 860,000');
    const failedB = messages.filter((m) => m.key.startsWith('payment-failed:'));
    expect(failedB).toHaveLength(1);
    expect(failedB[0]?.body).toMatch(/Malipo yako ya TZS 576,000 hayakufika/);
    for (const m of messages) expect(fitsOneSms(m.body), m.body).toBe(true);
  });

  it('sends each event’s SMS once: the action retried is refused, and its SMS step run again adds nothing', async () => {
    const before = await eventMessages();
    expect(
      (await t.request('PATCH', `/payments/settlements/${settlementId}/approve`, { token: finance.access }))
        .status,
    ).toBe(409);
    expect(
      (await t.request('PATCH', `/payments/loans/${loanId}/approve`, { token: finance.access })).status,
    ).toBe(409);
    expect(
      (
        await t.request('PATCH', `/payments/batches/${batchId}/paid`, {
          token: officer.access,
          body: { paidOn: TODAY, bankReference: 'NMB-1', failed: [] },
        })
      ).status,
    ).toBe(409);
    // As if the server restarted mid-way and ran each event's SMS step again.
    await t.db.transaction(async (tx) => {
      await queueSettlementSms(tx, settlementId, settlementNo);
      await queueLoanGivenSms(tx, loanId);
      await queueLoanRecoveredSms(tx, settlementId, settlementNo);
    });
    expect(await eventMessages()).toEqual(before);
  });
});

describe('optional SMS opt-out (#31)', () => {
  const optOut = (farmerId: string, body: unknown, who = manager) =>
    t.request<{ data: FarmerUssd; message?: string }>('PATCH', `/collections/farmers/${farmerId}/ussd/sms`, {
      token: who.access,
      body,
    });
  const news = (farmerId: string, phone: string, key: string) =>
    t.db.transaction((tx) =>
      enqueueEventSms(tx, [
        {
          key: `${key}:optional`,
          recipient: phone,
          body: 'auction',
          farmer: { id: farmerId, kind: 'auctionResult' },
        },
        {
          key: `${key}:essential`,
          recipient: phone,
          body: 'settled',
          farmer: { id: farmerId, kind: 'settlementApproved' },
        },
      ]),
    );
  const keysLike = async (prefix: string) =>
    (await eventMessages()).filter((m) => m.key.startsWith(prefix)).map((m) => m.key);

  it('is set by the AMCOS on the farmer, audited, never by another society, and refuses a bad body', async () => {
    expect((await status(a.id)).body.data.smsOptOut).toBe(false);
    expect((await optOut(a.id, { optOut: true }, otherManager)).status).toBe(403);
    const bad = await optOut(a.id, { optOut: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/optOut/);
    expect((await status(a.id)).body.data.smsOptOut).toBe(false);
    const set = await optOut(a.id, { optOut: true });
    expect(set.status).toBe(200);
    expect(set.body.data.smsOptOut).toBe(true);
    expect((await status(a.id)).body.data.smsOptOut).toBe(true);
    // Setting it again changes nothing and writes no second history row.
    expect((await optOut(a.id, { optOut: true })).body.data.smsOptOut).toBe(true);
    const audits = await queryRows(
      t.db,
      z.object({ action: z.string(), after: z.unknown() }),
      sql`select action, after from audit_events where entity = 'farmer' and entity_id = ${a.id}
            and action like 'sms_opted%' order by id`,
    );
    expect(audits).toEqual([{ action: 'sms_opted_out', after: { smsOptOut: true } }]);
  });

  it('leaves out an opted-out farmer’s optional SMS only; their money’s SMS and others’ still go', async () => {
    await news(a.id, a.phone, 'test-a1');
    await news(b.id, b.phone, 'test-b1');
    expect(await keysLike('test-a1')).toEqual(['test-a1:essential']);
    expect(await keysLike('test-b1')).toEqual(['test-b1:essential', 'test-b1:optional']);
    // An optional SMS queued before the farmer opts out (the gateway was down) is withdrawn, not sent.
    const waiting = optionalSmsKey('auctionResult', randomUUID(), b.id);
    await t.db.transaction((tx) =>
      enqueueEventSms(tx, [
        { key: waiting, recipient: b.phone, body: 'auction', farmer: { id: b.id, kind: 'auctionResult' } },
        {
          key: `test-b2:${b.id}`,
          recipient: b.phone,
          body: 'settled',
          farmer: { id: b.id, kind: 'settlementApproved' },
        },
      ]),
    );
    expect((await optOut(b.id, { optOut: true })).status).toBe(200);
    const outbox = await queryRows(
      t.db,
      z.object({ key: z.string(), status: z.string(), error: z.string().nullable() }),
      sql`select event_key as key, status, last_error as error from sms_outbox
            where event_key in (${waiting}, ${`test-b2:${b.id}`}) order by event_key`,
    );
    expect(outbox[0]).toEqual({ key: waiting, status: 'failed', error: WITHDRAWN_OPTIONAL_SMS });
    // The farmer's money SMS is not touched (pending, or sent if the outbox worker ran meanwhile).
    expect(outbox[1]).toMatchObject({ key: `test-b2:${b.id}`, error: null });
    expect(outbox[1]?.status).not.toBe('failed');
    await optOut(b.id, { optOut: false });
    const back = await optOut(a.id, { optOut: false });
    expect(back.body.data.smsOptOut).toBe(false);
    await news(a.id, a.phone, 'test-a2');
    expect(await keysLike('test-a2')).toEqual(['test-a2:essential', 'test-a2:optional']);
  });
});
