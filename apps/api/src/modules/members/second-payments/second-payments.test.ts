import type {
  FarmerStatement,
  InboxCounts,
  SecondPayment,
  SecondPaymentFigures,
  SecondPaymentList,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Cashew,
  makeFarmer,
  openSeasonWithCashew,
  recordCollectionOk,
  weighing,
} from '../../../../test/crop-flow.ts';
import { makeAmcos, type Session, sessionAs, useStarted } from '../../../../test/harness.ts';
import { bookBalance, startUnionOffice } from '../../../../test/members-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { hasSwahiliHeader } from '../../../platform/labels.ts';
import { TODAY } from '../../accounts/testing.ts';
import { farmerStatementDocument } from '../../farmer-statements/statement-pdf.ts';
import { USSD_TEST_SECRET, ussdClient } from '../../ussd/testing.ts';

/**
 * A second payment to farmers (#32), hand-worked. Five farmers delivered cashew this season:
 * Alpha AMCOS: A1 123.456 kg, A2 200.001 kg, A3 50.505 kg; Beta AMCOS: B1 333.333 kg, B2 77.777 kg
 * (785.072 kg). The union pays 37.37 a kg: 785.072 × 37.37 = 29,338.14064, rounded once to
 * 29,338.14 (2,933,814 cents). Split by kg: 461,355.06 / 747,403.72 / 188,737.18 / 1,245,665.39 /
 * 290,652.64 cents; the floors leave 2 cents, to the largest remainders (A2 .72, B2 .64):
 * A1 4,613.55, A2 7,474.04, A3 1,887.37, B1 12,456.65, B2 2,906.53 = 29,338.14.
 * Approval posts, Operation: Dr 3102 retained earnings / Cr 1204 due from Collection 29,338.14;
 * Collection: Dr 2105 due to Operation / Cr 2102 payable to farmers 29,338.14; and drafts a farmers'
 * batch of the five lines (29,338.14), paid like any batch (Dr 2102 / Cr collection bank 1101).
 */
const ctx = useStarted(() => startUnionOffice({ USSD_SECRET: USSD_TEST_SECRET, USSD_RATE_LIMIT: '1000' }));
let alphaManager: Session;
let cashew: Cashew;
let alphaId: string;
let betaId: string;
let gammaId: string;
const names: Record<string, string> = {};

type Saved = { message: string; data: SecondPayment; errors?: Record<string, string[]> };
const body = (extra: Record<string, unknown> = {}) => ({
  seasonCropId: cashew.seasonCrop.id,
  ratePerKg: '37.37',
  ...extra,
});
const propose = (s: Session, b: Record<string, unknown> = body()) =>
  ctx.t.request<Saved>('POST', '/members/second-payments', { token: s.access, body: b });
const decide = (s: Session, id: string, what: 'approve' | 'reject', reason?: string) =>
  ctx.t.request<Saved>('PATCH', `/members/second-payments/${id}/${what}`, {
    token: s.access,
    ...(what === 'reject' ? { body: { reason } } : {}),
  });
const counts = async () => {
  const [row] = await queryRows(
    ctx.t.db,
    z.object({
      p: z.coerce.number(),
      l: z.coerce.number(),
      j: z.coerce.number(),
      b: z.coerce.number(),
      s: z.coerce.number(),
    }),
    sql`select (select count(*) from second_payments) as p, (select count(*) from second_payment_lines) as l,
          (select count(*) from journal_entries) as j, (select count(*) from payment_batches) as b,
          (select count(*) from sms_outbox) as s`,
  );
  return row;
};
const balanceOf = (book: 'collection' | 'operation', code: string) => bookBalance(ctx.t, code, book);
const controlChecks = async () => {
  const report = await ctx.t.request<{ data: { checks: { key: string; difference: string }[] } }>(
    'GET',
    '/reports/control-accounts',
    { token: ctx.accountant.access },
  );
  expect(report.status).toBe(200);
  return report.body.data.checks.filter((c) => c.difference !== '0.00').map((c) => c.key);
};

const FARMERS: [string, 'alpha' | 'beta', string][] = [
  ['A1', 'alpha', '123.456'],
  ['A2', 'alpha', '200.001'],
  ['A3', 'alpha', '50.505'],
  ['B1', 'beta', '333.333'],
  ['B2', 'beta', '77.777'],
];
const AMOUNTS: Record<string, string> = {
  A1: '4613.55',
  A2: '7474.04',
  A3: '1887.37',
  B1: '12456.65',
  B2: '2906.53',
};
/** Lines as [farmer, kg, amount], the farmer by the first name the test gave. */
const lineRows = (f: Pick<SecondPaymentFigures, 'lines'>) =>
  f.lines.map((l) => [names[l.farmerId], l.kg, l.amount]).sort();
const HAND_WORKED = FARMERS.map(([n, , kg]) => [n, kg, AMOUNTS[n]]).sort();

beforeAll(async () => {
  cashew = await openSeasonWithCashew(ctx.t, ctx.admin);
  const [alpha, beta, gamma] = [
    await makeAmcos(ctx.t, 'Alpha AMCOS'),
    await makeAmcos(ctx.t, 'Beta AMCOS'),
    await makeAmcos(ctx.t, 'Gamma AMCOS'),
  ];
  [alphaId, betaId, gammaId] = [alpha.id, beta.id, gamma.id];
  alphaManager = await sessionAs(ctx.t, 'AMCOS Manager', { amcosId: alphaId });
  for (const [name, society, kg] of FARMERS) {
    const farmer = await makeFarmer(ctx.t, ctx.admin, society === 'alpha' ? alphaId : betaId, {
      firstName: name,
    });
    names[farmer.id] = name;
    await recordCollectionOk(
      ctx.t,
      ctx.admin.access,
      weighing(cashew, farmer, { bags: 5, grossKg: kg, tareKg: '0.000' }),
    );
  }
  // A2 chose English on the phone service: their SMS is in English.
  const a2 = Object.keys(names).find((id) => names[id] === 'A2');
  await ctx.t.db.execute(
    sql`insert into farmer_pins (farmer_id, pin_hash, language) values (${a2}::uuid, 'x', 'en')`,
  );
}, 180_000);

describe('a second payment to farmers, hand-worked through the API', () => {
  it('previews each farmer amount from their kg, exact to the cent', async () => {
    const r = await ctx.t.request<{ data: SecondPaymentFigures }>(
      'POST',
      '/members/second-payments/preview',
      {
        token: ctx.accountant.access,
        body: body(),
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ ratePerKg: '37.37', kg: '785.072', total: '29338.14', amcosIds: [] });
    expect(lineRows(r.body.data)).toEqual(HAND_WORKED);
    // Limited to Beta: its two farmers only, 411.110 kg × 37.37 = 15,363.18 split the same way.
    const beta = await ctx.t.request<{ data: SecondPaymentFigures }>(
      'POST',
      '/members/second-payments/preview',
      {
        token: ctx.accountant.access,
        body: body({ amcosIds: [betaId] }),
      },
    );
    expect(beta.status).toBe(200);
    expect([beta.body.data.kg, beta.body.data.total, beta.body.data.amcosIds]).toEqual([
      '411.110',
      '15363.18',
      [betaId],
    ]);
    expect(lineRows(beta.body.data)).toEqual([
      ['B1', '333.333', '12456.65'],
      ['B2', '77.777', '2906.53'],
    ]);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await counts();
    const noKg = await propose(ctx.accountant, body({ amcosIds: [gammaId] }));
    expect([noKg.status, noKg.body.message]).toEqual([
      409,
      'No kg were delivered in this season and crop: nothing to pay',
    ]);
    for (const ratePerKg of ['0', '0.00', '-5', '12.345', 'abc']) {
      const bad = await propose(ctx.accountant, body({ ratePerKg }));
      expect(bad.status, ratePerKg).toBe(400);
      expect(bad.body.errors?.ratePerKg?.length, ratePerKg).toBe(1);
    }
    const noCrop = await propose(ctx.accountant, body({ seasonCropId: crypto.randomUUID() }));
    expect(noCrop.status).toBe(404);
    const noSociety = await propose(ctx.accountant, body({ amcosIds: [crypto.randomUUID()] }));
    expect(noSociety.status).toBe(404);
    const amcosSide = await propose(alphaManager);
    expect(amcosSide.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('is proposed by one person and approved by another: posted, a farmers batch, an SMS each', async () => {
    const proposed = await propose(ctx.admin);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const sp = proposed.body.data;
    expect(sp).toMatchObject({ status: 'proposed', total: '29338.14', lineCount: 5, paymentBatchId: null });
    expect(sp.paymentNo).toMatch(/^SP-/);
    expect(lineRows(sp)).toEqual(HAND_WORKED);
    const waiting = await propose(ctx.accountant);
    expect([waiting.status, waiting.body.message]).toEqual([
      409,
      `This season and crop already have a second payment waiting for approval (${sp.paymentNo})`,
    ]);

    // It waits in the checker's inbox, not in the proposer's.
    const waitingFor = async (who: Session) =>
      (await ctx.t.request<{ data: InboxCounts }>('GET', '/inbox/counts', { token: who.access })).body.data
        .sources.second_payments;
    expect([await waitingFor(ctx.manager), await waitingFor(ctx.admin)]).toEqual([1, undefined]);

    const before = await counts();
    const self = await decide(ctx.admin, sp.id, 'approve');
    expect([self.status, self.body.message]).toEqual([
      403,
      'You proposed this second payment, so another person must decide on it',
    ]);
    const noRight = await decide(ctx.accountant, sp.id, 'approve');
    expect(noRight.status).toBe(403);
    expect(await counts()).toEqual(before);

    const approved = await decide(ctx.manager, sp.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approvedBy: expect.any(String) });
    expect(approved.body.data.paymentBatchNo).toMatch(/^PB-/);
    expect(await waitingFor(ctx.manager)).toBeUndefined();

    // The postings: one entry per book, each balanced through due to / due from.
    const posted = await queryRows(
      ctx.t.db,
      z.object({
        book: z.string(),
        code: z.string(),
        debit: z.string(),
        credit: z.string(),
        date: z.string(),
      }),
      sql`select e.book, a.code, l.debit::text as debit, l.credit::text as credit, e.entry_date::text as date
          from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
          where e.source_type = 'second_payment' and e.source_id = ${sp.id} and e.status = 'posted'
          order by e.book, a.code`,
    );
    expect(posted.map((p) => [p.book, p.code, p.debit, p.credit])).toEqual([
      ['collection', '2102', '0.00', '29338.14'],
      ['collection', '2105', '29338.14', '0.00'],
      ['operation', '1204', '0.00', '29338.14'],
      ['operation', '3102', '29338.14', '0.00'],
    ]);
    expect(posted.every((p) => p.date === TODAY)).toBe(true);

    // The farmers' batch: five lines of payable to farmers, adding up to the whole.
    const batch = await queryRows(
      ctx.t.db,
      z.object({
        partyId: z.string(),
        amount: z.string(),
        payable: z.string(),
        reference: z.string(),
        total: z.string(),
        party: z.string(),
        status: z.string(),
      }),
      sql`select l.party_id as "partyId", l.amount::text as amount, l.payable, l.reference,
            b.total::text as total, b.party_type as party, b.status
          from payment_lines l join payment_batches b on b.id = l.batch_id
          where b.id = ${approved.body.data.paymentBatchId}`,
    );
    expect(batch.map((l) => [names[l.partyId], l.amount]).sort()).toEqual(
      FARMERS.map(([n]) => [n, AMOUNTS[n]]).sort(),
    );
    expect(
      new Set(
        batch.map((l) => `${l.payable} ${l.total} ${l.party} ${l.status} ${l.reference.split('/')[0]}`),
      ),
    ).toEqual(new Set([`payable_farmers 29338.14 farmer draft ${sp.paymentNo}`]));
    expect(await balanceOf('collection', '2102')).toBe('29338.14');
    expect(await controlChecks()).toEqual([]);

    // Each farmer's SMS, in their language, once.
    const sms = await queryRows(
      ctx.t.db,
      z.object({ key: z.string(), body: z.string() }),
      sql`select event_key as key, body from sms_outbox where event_key like ${`second-payment:${sp.id}:%`}`,
    );
    expect(sms).toHaveLength(5);
    const smsOf = (n: string) => sms.find((m) => names[m.key.split(':')[2] ?? ''] === n)?.body ?? '';
    expect(smsOf('A2')).toMatch(
      new RegExp(
        `^Alpha AMCOS \\S+: Second payment ${sp.paymentNo}: TZS 37\\.37 a kg on your 200\\.001 kg of Cashew nuts\\. You will receive TZS 7,474\\.04\\.$`,
      ),
    );
    expect(smsOf('B1')).toMatch(
      new RegExp(
        `^Beta AMCOS \\S+: Malipo ya pili ${sp.paymentNo}: TZS 37\\.37/kg kwa kg 333\\.333 za \\S+\\. Utapokea TZS 12,456\\.65\\.$`,
      ),
    );

    // Decided once: a second approval or a rejection is 409 and changes nothing.
    const after = await counts();
    const twice = await decide(ctx.manager, sp.id, 'approve');
    expect([twice.status, twice.body.message]).toEqual([409, 'This second payment is already approved']);
    expect((await decide(ctx.admin, sp.id, 'reject', 'Too late')).status).toBe(409);
    expect(await counts()).toEqual(after);
  });

  it('is paid through its batch like any other: the payable is cleared, the controls agree', async () => {
    const [sp] = (
      await ctx.t.request<SecondPaymentList>('GET', '/members/second-payments?status=approved', {
        token: ctx.accountant.access,
      })
    ).body.data;
    const batchId = sp?.paymentBatchId ?? '';
    const approved = await ctx.t.request('PATCH', `/payments/batches/${batchId}/approve`, {
      token: ctx.admin.access,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // The farmers have phones: the mobile money file.
    const exported = await ctx.t.request(
      'POST',
      `/payments/batches/${batchId}/export?layout=mobile&format=csv`,
      {
        token: ctx.admin.access,
      },
    );
    expect(exported.status).toBe(200);
    const csv = new TextDecoder().decode(exported.raw);
    for (const amount of Object.values(AMOUNTS)) expect(csv).toContain(amount);
    const paid = await ctx.t.request('PATCH', `/payments/batches/${batchId}/paid`, {
      token: ctx.admin.access,
      body: { paidOn: TODAY, bankReference: 'NMB-SP-1' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await balanceOf('collection', '2102')).toBe('0.00');
    expect(await controlChecks()).toEqual([]);
    // The farmer's statement shows it, paid.
    const a2 = Object.keys(names).find((id) => names[id] === 'A2');
    const statement = await ctx.t.request<{ data: FarmerStatement }>(
      'GET',
      `/collections/farmers/${a2}/statement`,
      {
        token: alphaManager.access,
      },
    );
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(
      statement.body.data.secondPayments.map((p) => [
        p.paymentNo,
        p.ratePerKg,
        p.kg,
        p.amount,
        p.payment?.status,
      ]),
    ).toEqual([[sp?.paymentNo, '37.37', '200.001', '7474.04', 'paid']]);
    // The printed statement has it too, its headers in both languages.
    const table = farmerStatementDocument(statement.body.data, TODAY).tables.find(
      (x) => x.title === 'Second payment to farmers',
    );
    expect(table?.headers.every((h) => hasSwahiliHeader(h))).toBe(true);
    expect(table?.rows.map((r) => r.slice(2, 5))).toEqual([['200.001', '37.37', '7,474.04']]);
    // And A1's USSD payments screen (no settlement yet: the second payment alone), in Swahili.
    const a1 = Object.keys(names).find((id) => names[id] === 'A1') ?? '';
    const issued = await ctx.t.request('POST', `/collections/farmers/${a1}/ussd/pin`, {
      token: alphaManager.access,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { walk, phoneOf, pinSentTo } = ussdClient(ctx.t);
    const phone = await phoneOf(a1);
    const screen = (await walk(phone, [await pinSentTo(phone), '2'])).at(-1) ?? '';
    expect(screen).toMatch(
      new RegExp(
        `^CON ${sp?.paymentNo} Malipo ya pili: kg 123\\.456 x 37\\.37 = TZS 4,613\\.55\\. Imelipwa, Kumbukumbu ${sp?.paymentNo}/\\S+`,
      ),
    );
  });

  it('is rejected with a reason by another person: nothing posted, the crop may be proposed again', async () => {
    const proposed = await propose(ctx.admin, body({ ratePerKg: '10', amcosIds: [alphaId] }));
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const before = await counts();
    const noReason = await decide(ctx.manager, proposed.body.data.id, 'reject', '');
    expect(noReason.status).toBe(400);
    const self = await decide(ctx.admin, proposed.body.data.id, 'reject', 'Board said no');
    expect([self.status, self.body.message]).toEqual([
      403,
      'You proposed this second payment, so another person must decide on it',
    ]);
    const rejected = await decide(ctx.manager, proposed.body.data.id, 'reject', 'Board said no');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Board said no',
      amcosNames: [expect.stringMatching(/^Alpha AMCOS/)],
      total: '3739.62',
    });
    const after = await counts();
    expect([after?.j, after?.b, after?.s]).toEqual([before?.j, before?.b, before?.s]);
    expect((await decide(ctx.manager, proposed.body.data.id, 'approve')).status).toBe(409);
  });

  it('union staff read them all; an AMCOS user reads only their own farmers lines', async () => {
    const list = await ctx.t.request<SecondPaymentList>('GET', '/members/second-payments', {
      token: ctx.accountant.access,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.status)).toEqual(['rejected', 'approved']);
    expect(list.body.meta.total).toBe(2);
    const approved = await ctx.t.request<SecondPaymentList>(
      'GET',
      '/members/second-payments?status=approved',
      {
        token: ctx.accountant.access,
      },
    );
    expect([approved.body.data.map((p) => p.id), approved.body.meta.total]).toEqual([
      [list.body.data[1]?.id],
      1,
    ]);
    const approvedId = list.body.data[1]?.id ?? '';
    for (const path of ['/members/second-payments', `/members/second-payments/${approvedId}`]) {
      const denied = await ctx.t.request('GET', path, { token: alphaManager.access });
      expect(denied.status, path).toBe(403);
    }
    const own = await ctx.t.request<{ data: { farmerId: string; amount: string; amcosId: string }[] }>(
      'GET',
      '/members/second-payments/mine',
      { token: alphaManager.access },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.map((l) => [names[l.farmerId], l.amount]).sort()).toEqual([
      ['A1', '4613.55'],
      ['A2', '7474.04'],
      ['A3', '1887.37'],
    ]);
    const union = await ctx.t.request('GET', '/members/second-payments/mine', {
      token: ctx.accountant.access,
    });
    expect(union.status).toBe(403);
  });
});
