import type {
  FarmerStatement,
  PaymentBatch,
  PaymentLine,
  SettlementDetails,
  SettlementFarmerRow,
} from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Listed } from '../../../test/master-data.ts';
import {
  makeCessAndLevy,
  makeFarmers,
  makePaidLot,
  makeSettlementWorld,
  memberSharesRule,
} from '../../../test/settlement-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { accountId, TODAY } from '../accounts/testing.ts';
import { tzs } from './screens.ts';
import { USSD_TEST_SECRET, ussdClient } from './testing.ts';

/**
 * #31's figure check over a generated season: twelve farmers with kg, two lots at two prices, a
 * council cess and an AMCOS levy, cash advances (one larger than the farmer's crop money), a
 * member-shares rule (#32: half of what is left after loans pays unpaid shares; four farmers are
 * members, one of them paid up, one with a loan), one settlement, its farmers' batch paid with two
 * lines failed. Every figure a farmer hears on the
 * USSD menu or reads in an SMS or on their statement is compared with the record it comes from:
 * the settlement's farmer line, the payment line, the loan.
 */
let t: TestApp;
let client: ReturnType<typeof ussdClient>;
let settlement: SettlementDetails;
let admin: Session;
/** The settlement's farmer lines (one per farmer and lot) added up per farmer. */
type Owed = Pick<SettlementFarmerRow, 'grossShare' | 'deductions' | 'loanRecovery' | 'memberShares' | 'net'>;
const owedTo = new Map<string, Owed>();
let paymentLines: PaymentLine[];
const farmers: { id: string; phone: string; pin: string }[] = [];
const loanOf = new Map<string, string>();

/** A small deterministic generator (mulberry32): the same season on every run. */
function generator(seed: number) {
  let a = seed;
  return (below: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % below;
  };
}

/** Each farmer's figures over the settlement's lots, from the settlement's own farmer lines. */
async function farmerTotals(officer: Session) {
  const rows = (
    await t.request<Listed<SettlementFarmerRow>>(
      'GET',
      `/payments/settlements/${settlement.id}/farmers?per_page=100`,
      {
        token: officer.access,
      },
    )
  ).body.data;
  const totals = new Map<string, Owed>();
  for (const id of new Set(rows.map((r) => r.farmerId))) {
    const mine = rows.filter((r) => r.farmerId === id);
    const total = (key: keyof Owed) => sum(mine.map((r) => r[key])).toFixed(2);
    totals.set(id, {
      grossShare: total('grossShare'),
      deductions: total('deductions'),
      loanRecovery: total('loanRecovery'),
      memberShares: total('memberShares'),
      net: total('net'),
    });
  }
  return totals;
}

async function runSeason() {
  const world = await makeSettlementWorld(t.db);
  const officer = await sessionAs(t, 'Settlement Officer');
  const finance = await sessionAs(t, 'Finance Manager');
  admin = await sessionAs(t, 'Administrator');
  const manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId });
  await makeCessAndLevy(t.db, world);
  const made = await makeFarmers(
    t.db,
    world,
    Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'bank' : 'mobile')),
  );
  // Members' shares from crop money (#32): half of what is left after loans, up to the unpaid shares.
  const rule = await t.request(
    'POST',
    `/settings/collection/season-crops/${world.seasonCropId}/deduction-rules`,
    {
      token: admin.access,
      body: memberSharesRule('50', { order: 9 }),
    },
  );
  if (rule.status !== 201) throw new Error(JSON.stringify(rule.body));
  for (const [i, f] of made.entries()) {
    if (i % 3 !== 2) continue;
    const member = await t.request<{ data: { id: string } }>('POST', '/members', {
      token: manager.access,
      body: { society: world.amcosId, farmerId: f.id, joinedOn: '2026-01-10', sharesSubscribed: '600000' },
    });
    if (member.status !== 201) throw new Error(JSON.stringify(member.body));
    // The last member's shares are paid in cash: nothing is taken from their crop money.
    if (i === 11)
      await t.request('POST', `/members/${member.body.data.id}/payments`, {
        token: manager.access,
        body: { kind: 'shares', amount: '600000', paidOn: '2026-02-01' },
      });
  }
  const random = generator(31);
  const kg = () => `${40 + random(900)}.${String(random(1000)).padStart(3, '0')}`;
  for (const price of ['2135', '1987.50'])
    await makePaidLot(t.db, world, { collections: made.map((f) => ({ farmerId: f.id, kg: kg() })), price });
  for (const [i, f] of made.entries()) {
    if (i % 4 !== 1) continue;
    // The last advance is more than any farmer's crop money: recovered in part, the rest still owed.
    const amount = i === 9 ? '9000000' : String(50_000 + 1_000 * random(400));
    const loan = await t.request<{ data: { id: string } }>('POST', '/payments/loans', {
      token: officer.access,
      body: {
        farmerId: f.id,
        issuedOn: TODAY,
        amount,
        reason: 'Advance',
        bankAccountId: await accountId(t, 'collection', '1101'),
      },
    });
    await t.request('PATCH', `/payments/loans/${loan.body.data.id}/approve`, { token: finance.access });
    loanOf.set(f.id, loan.body.data.id);
  }
  const created = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
    token: officer.access,
    body: { amcosId: world.amcosId },
  });
  const approved = await t.request('PATCH', `/payments/settlements/${created.body.data.id}/approve`, {
    token: finance.access,
  });
  if (approved.status !== 200) throw new Error(JSON.stringify(approved.body));
  settlement = (
    await t.request<{ data: SettlementDetails }>('GET', `/payments/settlements/${created.body.data.id}`, {
      token: officer.access,
    })
  ).body.data;
  for (const [farmerId, owed] of await farmerTotals(officer)) owedTo.set(farmerId, owed);
  const batches = await t.request<Listed<PaymentBatch>>(
    'GET',
    `/payments/batches?settlement_id=${settlement.id}&party_type=farmer`,
    { token: officer.access },
  );
  const batch = batches.body.data[0] as PaymentBatch;
  await t.request('PATCH', `/payments/batches/${batch.id}/approve`, { token: admin.access });
  await t.request('POST', `/payments/batches/${batch.id}/export?layout=bank&format=csv`, {
    token: officer.access,
  });
  const lines = await t.request<Listed<PaymentLine>>(
    'GET',
    `/payments/batches/${batch.id}/lines?per_page=100`,
    { token: officer.access },
  );
  const failed = lines.body.data.slice(0, 2).map((l) => ({ lineId: l.id, reason: 'Wrong number' }));
  const paid = await t.request('PATCH', `/payments/batches/${batch.id}/paid`, {
    token: officer.access,
    body: { paidOn: TODAY, bankReference: 'NMB-31', failed },
  });
  if (paid.status !== 200) throw new Error(JSON.stringify(paid.body));
  paymentLines = (
    await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch.id}/lines?per_page=100`, {
      token: officer.access,
    })
  ).body.data;
  for (const f of made) {
    await t.request('POST', `/collections/farmers/${f.id}/ussd/pin`, { token: manager.access });
    const phone = await client.phoneOf(f.id);
    farmers.push({ id: f.id, phone, pin: await client.pinSentTo(phone) });
  }
}

beforeAll(async () => {
  t = await startTestApp({ USSD_SECRET: USSD_TEST_SECRET, USSD_RATE_LIMIT: '1000' });
  client = ussdClient(t);
  await runSeason();
}, 180_000);
afterAll(() => t?.close());

const smsOf = async (key: string) =>
  (
    await queryRows(
      t.db,
      z.object({ recipient: z.string(), body: z.string() }),
      sql`select recipient, body from sms_outbox where event_key = ${key}`,
    )
  )[0];

describe('every figure a farmer is told equals its record (#31, a generated season)', () => {
  it('the settlement: USSD payments screen and the approval SMS, per farmer', async () => {
    expect(owedTo.size).toBe(12);
    expect(sum([...owedTo.values()].map((l) => l.net)).toFixed(2)).toBe(settlement.farmersNet);
    for (const f of farmers) {
      const line = owedTo.get(f.id);
      if (!line) throw new Error('farmer not in the settlement');
      // The farmer's statement reads the same figures, the shares among them (#32).
      const statement = (
        await t.request<{ data: FarmerStatement }>('GET', `/collections/farmers/${f.id}/statement`, {
          token: admin.access,
        })
      ).body.data;
      const row = statement.settlements.rows.find((r) => r.settlementId === settlement.id);
      expect(row).toMatchObject(line);
      const shares = line.memberShares !== '0.00';
      const sw = shares ? `, hisa ${tzs(line.memberShares)}` : '';
      const en = shares ? `, shares ${tzs(line.memberShares)}` : '';
      const figures = `Jumla ${tzs(line.grossShare)}, makato ${tzs(line.deductions)}, mkopo ${tzs(line.loanRecovery)}${sw}, halisi TZS ${tzs(line.net)}`;
      const screen = (await client.walk(f.phone, [f.pin, '2'])).at(-1) ?? '';
      expect(screen).toContain(`${settlement.settlementNo}: ${figures}`);
      const english = (await client.walk(f.phone, ['0', f.pin, '2'])).at(-1) ?? '';
      expect(english).toContain(
        `gross ${tzs(line.grossShare)}, deductions ${tzs(line.deductions)}, loan ${tzs(line.loanRecovery)}${en}, net TZS ${tzs(line.net)}`,
      );
      const sms = await smsOf(`settlement-approved:${settlement.id}:${f.id}`);
      expect(sms?.recipient).toBe(f.phone);
      expect(sms?.body.length).toBeLessThanOrEqual(160);
      // The farmer last chose English on the menu: the SMS was written before, in Swahili.
      expect(sms?.body).toContain(
        shares
          ? `jumla ${tzs(line.grossShare)}, makato ${tzs(line.deductions)}, mkopo ${tzs(line.loanRecovery)}${sw}. Utapata TZS ${tzs(line.net)}.`
          : `jumla TZS ${tzs(line.grossShare)}, makato ${tzs(line.deductions)}, mkopo ${tzs(line.loanRecovery)}. Utapokea TZS ${tzs(line.net)}.`,
      );
    }
    // Three members paid shares from crop money (one of them after a loan); the paid-up one did not.
    const paying = [...owedTo.values()].filter((l) => l.memberShares !== '0.00');
    expect(paying).toHaveLength(3);
    expect(sum(paying.map((l) => l.memberShares)).toFixed(2)).toBe(settlement.memberShares);
  });

  it('the payment: paid or failed as its line says, with its amount and reference', async () => {
    for (const f of farmers) {
      const line = paymentLines.find((l) => l.partyId === f.id && l.status !== 'retried');
      // A farmer whose whole crop money went to their loan has nothing to be paid: no line.
      if (owedTo.get(f.id)?.net === '0.00') {
        expect(line).toBeUndefined();
        continue;
      }
      if (!line) throw new Error('no payment line');
      expect(line.amount).toBe(owedTo.get(f.id)?.net);
      const pages = (await client.walk(f.phone, [f.pin, '2', '98'])).slice(-2).join('\n');
      if (line.status === 'paid') {
        expect(pages).toContain(`Imelipwa, Kumbukumbu ${line.reference}`);
        expect((await smsOf(`payment-paid:${line.id}`))?.body).toContain(`Umelipwa TZS ${tzs(line.amount)}`);
      } else {
        expect(line.status).toBe('failed');
        expect(pages).toContain('Malipo yameshindikana, wasiliana na AMCOS');
        expect((await smsOf(`payment-failed:${line.id}`))?.body).toContain(
          `Malipo yako ya TZS ${tzs(line.amount)} hayakufika`,
        );
      }
    }
    expect(paymentLines.filter((l) => l.status === 'failed')).toHaveLength(2);
  });

  it('the loans: given, recovered and owed on the menu and in the SMS, as the loan records them', async () => {
    expect(loanOf.size).toBe(3);
    for (const [farmerId, loanId] of loanOf) {
      const f = farmers.find((x) => x.id === farmerId);
      if (!f) throw new Error('farmer');
      const statement = (
        await t.request<{ data: FarmerStatement }>('GET', `/collections/farmers/${farmerId}/statement`, {
          token: (await sessionAs(t, 'Administrator')).access,
        })
      ).body.data;
      const loan = statement.loans.rows.find((l) => l.id === loanId);
      if (!loan) throw new Error('loan');
      const recovered = owedTo.get(farmerId)?.loanRecovery;
      expect(loan.recovered).toBe(recovered);
      const screen = (await client.walk(f.phone, [f.pin, '3'])).at(-1) ?? '';
      expect(screen).toContain(
        `Umepewa TZS ${tzs(loan.amount)}, umerejesha ${tzs(loan.recovered)}, deni ${tzs(loan.outstanding)}`,
      );
      expect((await smsOf(`loan-given:${loanId}`))?.body).toContain(`TZS ${tzs(loan.amount)}`);
      expect((await smsOf(`loan-recovered:${settlement.id}:${farmerId}`))?.body).toContain(
        `Mkopo wako umelipwa TZS ${tzs(loan.recovered)} kutoka mgawanyo wa mapato. Deni lililobaki TZS ${tzs(loan.outstanding)}.`,
      );
    }
    // The large advance is recovered only in part: the farmer's whole crop money, nothing paid out.
    const large = [...owedTo.values()].find((l) => l.loanRecovery !== '0.00' && l.net === '0.00');
    expect(large).toBeDefined();
  });
});
