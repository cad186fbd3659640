import type { PaymentBatch, PaymentLine, PayoutProgress, SimulatorLedgerEntry } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Listed } from '../../../../test/master-data.ts';
import { approvedBatch, collectionBankCredit, until, type World } from '../../../../test/payout-fixtures.ts';
import { roleBalance, unpaidLines } from '../../../../test/settlement-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { CallbackRejectedError } from './provider.ts';
import { createSimulator } from './simulator.ts';

/** Fast simulator: callbacks within 5-30 ms, a status asked 300 ms after a send with no callback. */
const FAST = {
  PAYOUT_PROVIDER: 'simulator',
  PAYOUT_SIM_MIN_MS: '5',
  PAYOUT_SIM_MAX_MS: '30',
  PAYOUT_WORKER_MS: '50',
  PAYOUT_QUERY_AFTER_MS: '300',
  PAYOUT_NOT_FOUND_GRACE_MS: '600',
};

async function progressOf(w: World): Promise<PayoutProgress> {
  const r = await w.t.request<{ data: PayoutProgress }>('GET', `/payouts/batches/${w.batch.id}`, {
    token: w.finance.access,
  });
  expect(r.status).toBe(200);
  return r.body.data;
}

const batchStatus = async (w: World) =>
  (
    await w.t.request<{ data: PaymentBatch }>('GET', `/payments/batches/${w.batch.id}`, {
      token: w.admin.access,
    })
  ).body.data.status;

async function linesOf(w: World): Promise<PaymentLine[]> {
  const r = await w.t.request<Listed<PaymentLine>>(
    'GET',
    `/payments/batches/${w.batch.id}/lines?per_page=200`,
    {
      token: w.admin.access,
    },
  );
  return r.body.data;
}

async function ledgerOf(w: World): Promise<SimulatorLedgerEntry[]> {
  const r = await w.t.request<Listed<SimulatorLedgerEntry>>(
    'GET',
    `/payouts/simulator/ledger?batch_id=${w.batch.id}&per_page=200`,
    { token: w.admin.access },
  );
  expect(r.status).toBe(200);
  return r.body.data;
}

/** The books after the batch: what left the collection bank, the fees, what the farmers are still owed. */
async function books(w: World) {
  return {
    bankCredit: await collectionBankCredit(w),
    fees: dec(await roleBalance(w.t.db, 'payout_fees'))
      .negated()
      .toFixed(2),
    payable: await roleBalance(w.t.db, 'payable_farmers'),
    unpaid: await unpaidLines(w.t.db, 'payable_farmers'),
  };
}

describe('sending a batch through the simulator: names held, confirmed and corrected; every callback twice', () => {
  let w: World;
  beforeAll(async () => {
    w = await approvedBatch(
      { ...FAST, PAYOUT_SIM_NAME_MISMATCH_RATE: '1', PAYOUT_SIM_DUPLICATE_CALLBACK_RATE: '1' },
      ['bank', 'mobile', 'mobile', 'none'],
    );
  });
  afterAll(() => w.t.close());

  it('refuses a wrong total, an AMCOS user and a second press; the approver sends once', async () => {
    const url = `/payouts/batches/${w.batch.id}/send`;
    const wrong = await w.t.request('POST', url, { token: w.finance.access, body: { total: '1.00' } });
    expect(wrong.status).toBe(409);
    expect(
      (await w.t.request('POST', url, { token: w.manager.access, body: { total: w.batch.total } })).status,
    ).toBe(403);
    expect((await w.t.request('POST', url, { token: w.finance.access, body: { total: 'x' } })).status).toBe(
      400,
    );
    expect(await batchStatus(w)).toBe('approved');
    // Two people press send at the same moment: one sends, the other is told it is being sent.
    const [a, b] = await Promise.all([
      w.t.request('POST', url, { token: w.finance.access, body: { total: w.batch.total } }),
      w.t.request('POST', url, { token: w.admin.access, body: { total: w.batch.total } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect(await batchStatus(w)).toBe('sending');
    const exported = await w.t.request(
      'POST',
      `/payments/batches/${w.batch.id}/export?layout=bank&format=csv`,
      {
        token: w.admin.access,
      },
    );
    expect(exported.status).toBe(409);
  });

  it('holds every name the register answers differently; nothing is sent until a person decides', async () => {
    const p = await until(
      () => progressOf(w),
      (p) => p.counts.held_name === 3,
    );
    expect(p.counts).toMatchObject({ held_name: 3, failed: 1, sending: 0, succeeded: 0 });
    expect(p.held.every((h) => h.lookedUpName && h.lookedUpName !== h.payeeName.toUpperCase())).toBe(true);
    expect(await ledgerOf(w)).toEqual([]);
    expect(
      (await w.t.request('GET', `/payouts/batches/${w.batch.id}`, { token: w.manager.access })).status,
    ).toBe(403);
  });

  it('confirms one, corrects another (recorded in the history), and pays them exactly once', async () => {
    const held = (await progressOf(w)).held;
    const [bank, mobile, third] = held as [
      PayoutProgress['held'][0],
      PayoutProgress['held'][0],
      PayoutProgress['held'][0],
    ];
    const url = `/payouts/batches/${w.batch.id}/held`;
    expect((await w.t.request('PATCH', url, { token: w.finance.access, body: { confirm: [] } })).status).toBe(
      400,
    );
    expect(
      (
        await w.t.request('PATCH', url, {
          token: w.finance.access,
          body: { confirm: ['01a2121e-422a-7746-b84d-61fbe1cd0d89'] },
        })
      ).status,
    ).toBe(404);
    expect(
      (await w.t.request('PATCH', url, { token: w.manager.access, body: { confirm: [bank.lineId] } })).status,
    ).toBe(403);
    const decided = await w.t.request('PATCH', url, {
      token: w.finance.access,
      body: {
        confirm: [bank.lineId, third.lineId],
        corrections: [{ lineId: mobile.lineId, phone: '255754000111' }],
      },
    });
    expect(decided.status).toBe(200);
    expect(
      (await w.t.request('PATCH', url, { token: w.finance.access, body: { confirm: [bank.lineId] } })).status,
    ).toBe(409);
    await until(
      () => batchStatus(w),
      (s) => s === 'partly_paid',
    );
    const p = await progressOf(w);
    expect(p.counts).toMatchObject({ succeeded: 3, failed: 1, held_name: 0, unknown: 0, sending: 0 });
    const lines = await linesOf(w);
    const paid = lines.filter((l) => l.status === 'paid');
    expect(paid).toHaveLength(3);
    expect(lines.find((l) => l.id === mobile.lineId)?.phone).toBe('255754000111');
    expect(lines.filter((l) => l.status === 'failed').map((l) => l.failureReason)).toEqual([
      'No bank account or phone number',
    ]);
    // The simulator paid each paid line once, to the corrected wallet, and called back twice.
    const ledger = await ledgerOf(w);
    expect(ledger.map((e) => e.idempotencyKey).sort()).toEqual(paid.map((l) => l.id).sort());
    expect(ledger.every((e) => e.status === 'succeeded' && e.callbacks === 2)).toBe(true);
    expect(ledger.find((e) => e.idempotencyKey === mobile.lineId)?.account).toBe('255754000111');
    // The bank is credited with what reached the farmers plus the fees; the payable keeps the failed line.
    const b = await books(w);
    const sent = sum(ledger.map((e) => e.amount));
    const fees = sum(ledger.map((e) => e.fee));
    expect(b.bankCredit).toBe(sent.plus(fees).toFixed(2));
    expect(b.fees).toBe(fees.toFixed(2));
    expect(fees.isZero()).toBe(false);
    expect(b.payable).toBe(b.unpaid);
    expect(b.payable).toBe(lines.find((l) => l.status === 'failed')?.amount);
    expect(p.succeededAmount).toBe(sent.toFixed(2));
    expect(p.fees).toBe(fees.toFixed(2));
    const history = await queryRows(
      w.t.db,
      z.object({ action: z.string(), n: z.number() }),
      sql`select action, count(*)::int as n from audit_events where entity = 'payment_batch'
          and entity_id = ${w.batch.id} group by action order by action`,
    );
    expect(history).toEqual([
      { action: 'approved', n: 1 },
      { action: 'line_corrected', n: 1 },
      { action: 'paid', n: 1 },
      { action: 'payee_name_confirmed', n: 2 },
      { action: 'sending', n: 1 },
    ]);
  });

  it('the simulator pays a key once however often it is sent, and refuses a forged callback', async () => {
    const sim = createSimulator(w.t.db, {
      timeoutRate: 0,
      duplicateCallbackRate: 0,
      nameMismatchRate: 0,
      failRate: 0,
      seed: 'resend',
      minMs: 0,
      maxMs: 0,
    });
    const request = {
      idempotencyKey: 'resend-key-1',
      account: { channel: 'mobile' as const, phone: '255754000999', bankName: null, accountNo: null },
      name: 'Resend Test',
      amount: '12345.60',
      reference: 'R-1',
    };
    const [first, second] = [await sim.send(request), await sim.send({ ...request, amount: '99999.00' })];
    expect(second).toEqual(first);
    const rows = await queryRows(
      w.t.db,
      z.object({ amount: z.string(), n: z.number() }),
      sql`select min(amount)::text as amount, count(*)::int as n from payout_simulator_ledger
          where idempotency_key = 'resend-key-1'`,
    );
    expect(rows).toEqual([{ amount: '12345.60', n: 1 }]);
    const body = JSON.stringify({
      idempotencyKey: 'x',
      status: 'succeeded',
      providerReference: 'SIMX',
      fee: '1.00',
    });
    expect(() => sim.verifyCallback({ 'x-simulator-signature': 'ab'.repeat(32) }, body)).toThrow(
      CallbackRejectedError,
    );
    await sim.stop();
  });

  it('takes callbacks at the provider route only when genuine: a forged or unknown one is 401 and changes nothing', async () => {
    const before = await progressOf(w);
    const [line] = await linesOf(w);
    const body = { idempotencyKey: line?.id, status: 'failed', providerReference: null, reason: 'forged' };
    const post = (provider: string, signature: string) =>
      fetch(`${w.t.url}/api/payouts/callbacks/${provider}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-simulator-signature': signature },
        body: JSON.stringify(body),
      });
    const forged = await post('simulator', 'ab'.repeat(32));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toBe(
      'The callback signature does not match',
    );
    const unknown = await post('azampay', 'ab'.repeat(32));
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'No payout provider "azampay" is set up here',
    );
    const notJson = await fetch(`${w.t.url}/api/payouts/callbacks/simulator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect((await progressOf(w)).counts).toEqual(before.counts);
  });

  it('tells union staff which provider it sends through; not AMCOS users', async () => {
    const reply = await w.t.request<{ data: { provider: string | null } }>('GET', '/payouts/provider', {
      token: w.finance.access,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ provider: 'simulator' });
    expect((await w.t.request('GET', '/payouts/provider', { token: w.manager.access })).status).toBe(403);
  });

  it('keeps the simulator ledger for the administrator only', async () => {
    expect((await w.t.request('GET', '/payouts/simulator/ledger', { token: w.finance.access })).status).toBe(
      403,
    );
    expect((await w.t.request('GET', '/payouts/simulator/ledger', { token: w.manager.access })).status).toBe(
      403,
    );
    expect((await w.t.request('GET', '/payouts/simulator/ledger', { token: w.admin.access })).status).toBe(
      200,
    );
  });
});

describe('a callback the simulator really signed, posted to the provider route', () => {
  let w: World;
  beforeAll(async () => {
    // No status query for ten minutes: only the callback can settle the line.
    w = await approvedBatch(
      { ...FAST, PAYOUT_QUERY_AFTER_MS: '600000', PAYOUT_NOT_FOUND_GRACE_MS: '600000' },
      ['mobile'],
    );
  });
  afterAll(() => w.t.close());

  it('settles its line once through POST /api/payouts/callbacks/simulator; the same callback again changes nothing', async () => {
    const [line] = await linesOf(w);
    if (!line) throw new Error('no line');
    // The line as the sender leaves it once the provider has accepted it: sent, its callback to come.
    await w.t.db.execute(sql`update payment_batches set status = 'sending' where id = ${w.batch.id}`);
    await w.t.db.execute(sql`insert into payout_lines (payment_line_id, batch_id, provider, state, looked_up_name, sent_at)
      values (${line.id}, ${w.batch.id}, 'simulator', 'sending', ${line.payeeName.toUpperCase()}, now())`);
    // A simulator of this process pays the line and signs its callback; the test catches it on the way.
    const sim = createSimulator(w.t.db, {
      timeoutRate: 0,
      duplicateCallbackRate: 0,
      nameMismatchRate: 0,
      failRate: 0,
      seed: 'route',
      minMs: 0,
      maxMs: 0,
    });
    const caught: { headers: Record<string, string>; body: string }[] = [];
    sim.onCallback(async (headers, body) => {
      caught.push({ headers, body });
    });
    const accepted = await sim.send({
      idempotencyKey: line.id,
      account: { channel: 'mobile', phone: line.phone, bankName: null, accountNo: null },
      name: line.payeeName,
      amount: line.amount,
      reference: line.reference,
    });
    expect(accepted.outcome).toBe('accepted');
    await until(
      async () => caught.length,
      (n) => n === 1,
    );
    await sim.stop();
    const callback = caught[0] as { headers: Record<string, string>; body: string };
    const sent = z
      .object({ status: z.literal('succeeded'), providerReference: z.string(), fee: z.string() })
      .parse(JSON.parse(callback.body));
    const post = (body: string) =>
      fetch(`${w.t.url}/api/payouts/callbacks/simulator`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...callback.headers },
        body,
      });
    const payoutLine = () =>
      queryRows(
        w.t.db,
        z.object({ state: z.string(), providerReference: z.string().nullable(), fee: z.string().nullable() }),
        sql`select state, provider_reference as "providerReference", fee::text as fee
            from payout_lines where payment_line_id = ${line.id}`,
      );
    // The genuine signature on another body is refused, and changes nothing.
    const tampered = await post(callback.body.replace(sent.fee, '0.01'));
    expect(tampered.status).toBe(401);
    expect(await payoutLine()).toEqual([{ state: 'sending', providerReference: null, fee: null }]);
    const first = await post(callback.body);
    expect(first.status).toBe(200);
    const settled = [{ state: 'succeeded', providerReference: sent.providerReference, fee: sent.fee }];
    expect(await payoutLine()).toEqual(settled);
    const again = await post(callback.body);
    expect(again.status).toBe(200);
    expect(await payoutLine()).toEqual(settled);
    // The batch closes paid: the farmer paid once, the bank credited with the money and the fee once.
    await until(
      () => batchStatus(w),
      (s) => s === 'paid',
    );
    const ledger = await ledgerOf(w);
    expect(ledger.map((e) => [e.idempotencyKey, e.amount, e.callbacks])).toEqual([[line.id, line.amount, 1]]);
    const b = await books(w);
    expect(b.bankCredit).toBe(sum([line.amount, sent.fee]).toFixed(2));
    expect(b.payable).toBe(b.unpaid);
    expect((await linesOf(w)).map((l) => l.status)).toEqual(['paid']);
  });
});

describe('every send times out: settled by status queries only, never sent again', () => {
  let w: World;
  beforeAll(async () => {
    w = await approvedBatch({ ...FAST, PAYOUT_SIM_TIMEOUT_RATE: '1', PAYOUT_SIM_SEED: 'timeouts' }, [
      'mobile',
      'mobile',
      'mobile',
      'mobile',
      'bank',
      'bank',
      'mobile',
      'mobile',
    ]);
  });
  afterAll(() => w.t.close());

  it('ends every line final: paid where the money arrived, failed (back to the payable) where it never did', async () => {
    const sent = await w.t.request('POST', `/payouts/batches/${w.batch.id}/send`, {
      token: w.finance.access,
      body: { total: w.batch.total },
    });
    expect(sent.status).toBe(202);
    await until(
      () => batchStatus(w),
      (s) => s === 'paid' || s === 'partly_paid',
    );
    const lines = await linesOf(w);
    const ledger = await ledgerOf(w);
    // The seed splits the timeouts between requests that arrived and requests that did not.
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.length).toBeLessThan(lines.length);
    expect(ledger.every((e) => e.callbacks === 0)).toBe(true);
    expect(
      lines
        .filter((l) => l.status === 'paid')
        .map((l) => l.id)
        .sort(),
    ).toEqual(
      ledger
        .filter((e) => e.status === 'succeeded')
        .map((e) => e.idempotencyKey)
        .sort(),
    );
    expect(new Set(lines.filter((l) => l.status === 'failed').map((l) => l.failureReason))).toEqual(
      new Set(['The provider has no record of this payment: it was not sent']),
    );
    const b = await books(w);
    expect(b.bankCredit).toBe(
      sum(ledger.filter((e) => e.status === 'succeeded').flatMap((e) => [e.amount, e.fee])).toFixed(2),
    );
    expect(b.payable).toBe(b.unpaid);
    expect(b.payable).toBe(sum(lines.filter((l) => l.status === 'failed').map((l) => l.amount)).toFixed(2));
  });
});

describe('a server with no payout provider', () => {
  let w: World;
  beforeAll(async () => {
    w = await approvedBatch({}, ['mobile', 'bank']);
  });
  afterAll(() => w.t.close());

  it('says it has none, and refuses to send: the batch goes as a file, unchanged', async () => {
    const info = await w.t.request<{ data: { provider: string | null } }>('GET', '/payouts/provider', {
      token: w.finance.access,
    });
    expect(info.body.data).toEqual({ provider: null });
    const sent = await w.t.request<{ message: string }>('POST', `/payouts/batches/${w.batch.id}/send`, {
      token: w.finance.access,
      body: { total: w.batch.total },
    });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe('No payout provider is configured: export the batch as a file instead');
    const batch = await w.t.request<{ data: PaymentBatch }>('GET', `/payments/batches/${w.batch.id}`, {
      token: w.finance.access,
    });
    expect(batch.body.data.status).toBe('approved');
  });
});
