import type {
  PaymentBatch,
  PaymentLine,
  PayoutProgress,
  PayoutReconciliation,
  PayoutReconciliationView,
  SimulatorLedgerEntry,
} from '@ushirika/contracts';
import { dec, sum, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs } from '../../../../../test/harness.ts';
import type { Listed } from '../../../../../test/master-data.ts';
import {
  approvedBatch,
  collectionBankCredit,
  until,
  type World,
} from '../../../../../test/payout-fixtures.ts';
import { queryRows } from '../../../../db/rows.ts';
import { claimAndSend } from '../claim-and-send.ts';
import { lookUpNames } from '../look-up-names.ts';
import { type PayoutProvider, PayoutTimeoutError } from '../provider.ts';
import { applyCallback } from '../settle-line.ts';
import { createSimulator } from '../simulator.ts';

/**
 * The worker is idle (a round a minute): the test sends the batch itself through a simulator whose
 * reply and callback for one line are lost, so that line stays unknown here though the provider
 * paid it, the case a statement settles.
 */
const IDLE = {
  PAYOUT_PROVIDER: 'simulator',
  PAYOUT_WORKER_MS: '60000',
  PAYOUT_SIM_MIN_MS: '0',
  PAYOUT_SIM_MAX_MS: '5',
};

let w: World;
let accountant: Session;
let lines: PaymentLine[];
let lost: string;
let sim: PayoutProvider;

const url = () => `/payouts/batches/${w.batch.id}`;
const view = async (token = w.admin.access) =>
  w.t.request<{ data: PayoutReconciliationView }>('GET', `${url()}/reconciliation`, { token });
const importFile = (content: string, token = w.admin.access) =>
  w.t.request<{ message: string; data: PayoutReconciliation }>('POST', `${url()}/reconciliations`, {
    token,
    body: { source: 'file', fileName: 'statement.csv', content },
  });
const count = async (table: string) =>
  (
    await queryRows(w.t.db, z.object({ n: z.number() }), sql.raw(`select count(*)::int as n from ${table}`))
  )[0]?.n;
const progress = async () =>
  (await w.t.request<{ data: PayoutProgress }>('GET', url(), { token: w.finance.access })).body.data;
const batchStatus = async () =>
  (
    await w.t.request<{ data: PaymentBatch }>('GET', `/payments/batches/${w.batch.id}`, {
      token: w.admin.access,
    })
  ).body.data.status;
async function ledger(): Promise<SimulatorLedgerEntry[]> {
  const r = await w.t.request<Listed<SimulatorLedgerEntry>>(
    'GET',
    `/payouts/simulator/ledger?batch_id=${w.batch.id}&per_page=200`,
    { token: w.admin.access },
  );
  return r.body.data;
}

beforeAll(async () => {
  w = await approvedBatch(IDLE, ['mobile', 'mobile', 'mobile', 'mobile']);
  accountant = await sessionAs(w.t, 'Accountant');
  const sent = await w.t.request('POST', `${url()}/send`, {
    token: w.finance.access,
    body: { total: w.batch.total },
  });
  expect(sent.status).toBe(202);
  lines = (
    await w.t.request<Listed<PaymentLine>>('GET', `/payments/batches/${w.batch.id}/lines?per_page=200`, {
      token: w.admin.access,
    })
  ).body.data;
  lost = (lines[0] as PaymentLine).id;
  const inner = createSimulator(w.t.db, {
    timeoutRate: 0,
    duplicateCallbackRate: 0,
    nameMismatchRate: 0,
    failRate: 0,
    seed: 'reconcile',
    minMs: 0,
    maxMs: 5,
  });
  // The lost line reaches the provider and is paid, but neither its reply nor its callback arrives.
  sim = {
    ...inner,
    async send(request) {
      const reply = await inner.send(request);
      if (request.idempotencyKey === lost) throw new PayoutTimeoutError('No reply');
      return reply;
    },
  };
  inner.onCallback(async (headers, body) => {
    const callback = inner.verifyCallback(headers, body);
    if (callback.idempotencyKey !== lost) await applyCallback(w.t.db, callback);
  });
  await lookUpNames(w.t.db, sim, 100);
  await claimAndSend(w.t.db, sim, 100, () => {});
  await until(progress, (p) => p.counts.succeeded === 3 && p.counts.unknown === 1);
});
afterAll(async () => {
  await sim?.stop();
  await w?.t.close();
});

describe("the provider's statement matched against a payment batch", () => {
  it('refuses AMCOS users, and a bad file with a clear 400, storing nothing', async () => {
    expect((await view(w.manager.access)).status).toBe(403);
    expect((await importFile('Amount\n1', w.manager.access)).status).toBe(403);
    const bad = [
      ['Date,Narrative\n2026-01-01,hello', 'CSV: the file has no amount column (Amount or Withdrawn)'],
      ['Receipt No.,Amount\nSIM1,abc', 'Line 2: "abc" is not an amount'],
      [
        'Receipt No.,Amount,Status\nSIM1,100.00,Bounced',
        'Line 2: the status "Bounced" is not one a statement uses',
      ],
      ['Receipt No.,Amount', 'CSV: the file has no lines under its header'],
    ];
    for (const [content, message] of bad) {
      const r = await importFile(content as string);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await importFile('')).status).toBe(400);
    expect(await count('payout_reconciliations')).toBe(0);
    const v = await view();
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual({ statementFromProvider: true, reconciliation: null });
  });

  it('matches each row: one amount differing, one row unknown, one line missing, the lost line not final', async () => {
    const paid = await ledger();
    const entry = (id: string) => paid.find((e) => e.idempotencyKey === id) as SimulatorLedgerEntry;
    const [, second, third] = lines as [PaymentLine, PaymentLine, PaymentLine, PaymentLine];
    const a = entry(second.id);
    const b = entry(third.id);
    const l = entry(lost);
    const file = [
      'Receipt No.,Line id,Phone,Amount,Fee,Status',
      `${a.providerReference},,${a.account},${a.amount},${a.fee},Completed`,
      `${b.providerReference},,${b.account},${dec(b.amount).plus(100).toFixed(2)},${b.fee},Completed`,
      // No fee on the lost line's row: the tariff of the provider that paid it is used.
      `,${lost},${l.account},${l.amount},,Completed`,
      'SIMFFFFFFFFFFFF,,255700000000,"5,000.00",200.00,Completed',
    ].join('\n');
    const r = await importFile(file);
    expect(r.status).toBe(201);
    const rec = r.body.data;
    expect(rec.counts).toEqual({
      matched: 1,
      amount_differs: 1,
      status_differs: 0,
      not_final: 1,
      pending: 0,
      missing: 1,
      duplicate: 0,
      unknown_row: 1,
    });
    expect(rec.items.find((i) => i.kind === 'not_final')).toMatchObject({
      lineId: lost,
      lineState: 'unknown',
    });
    expect(rec.items.find((i) => i.kind === 'amount_differs')).toMatchObject({
      lineId: third.id,
      lineAmount: third.amount,
      statementAmount: dec(third.amount).plus(100).toFixed(2),
    });
    expect(rec.items.find((i) => i.kind === 'unknown_row')).toMatchObject({
      lineId: null,
      statementAmount: '5000.00',
    });
    expect(rec.items.find((i) => i.kind === 'missing')?.lineId).toBe((lines[3] as PaymentLine).id);
    expect(rec.status).toBe('proposed');
    // Nothing is settled before another person confirms.
    expect((await progress()).counts.unknown).toBe(1);

    const again = await importFile(file);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This statement was reconciled already: nothing changed');
    expect(again.body.data).toEqual(rec);
    expect(await count('payout_reconciliations')).toBe(1);
    expect((await view()).body.data.reconciliation).toEqual(rec);
  });

  it('is confirmed by another person: the lost line settles once and the batch closes paid', async () => {
    const rec = (await view()).body.data.reconciliation as PayoutReconciliation;
    const confirm = (token: string) =>
      w.t.request<{ data: PayoutReconciliation }>('PATCH', `${url()}/reconciliations/${rec.id}/confirm`, {
        token,
      });
    expect((await confirm(w.manager.access)).status).toBe(403);
    expect((await confirm(w.admin.access)).status).toBe(403); // the importer
    const [a, b] = await Promise.all([confirm(w.finance.access), confirm(w.finance.access)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = (a.status === 200 ? a : b).body.data;
    expect(done.status).toBe('confirmed');
    expect(done.items.filter((i) => i.settled).map((i) => i.lineId)).toEqual([lost]);
    await until(batchStatus, (s) => s === 'paid');
    const p = await progress();
    expect(p.counts).toMatchObject({ succeeded: 4, unknown: 0 });
    // Paid once at the provider; the bank credited once with what was sent plus the fees.
    const paid = await ledger();
    expect(paid.filter((e) => e.idempotencyKey === lost)).toHaveLength(1);
    expect(await collectionBankCredit(w)).toBe(sum(paid.flatMap((e) => [e.amount, e.fee])).toFixed(2));
    const history = await queryRows(
      w.t.db,
      z.object({ action: z.string(), n: z.number() }),
      sql`select action, count(*)::int as n from audit_events where entity = 'payment_batch'
          and entity_id = ${w.batch.id} and action like 'provider_statement%' group by action order by action`,
    );
    expect(history).toEqual([
      { action: 'provider_statement_confirmed', n: 1 },
      { action: 'provider_statement_imported', n: 1 },
    ]);
  });

  it("reads the simulator's statement through its API: every line matched; twice changes nothing", async () => {
    const read = () =>
      w.t.request<{ data: PayoutReconciliation }>('POST', `${url()}/reconciliations`, {
        token: w.admin.access,
        body: { source: 'provider' },
      });
    const first = await read();
    expect(first.status).toBe(201);
    expect(first.body.data.source).toBe('provider');
    expect(first.body.data.rowsRead).toBe(4);
    expect(first.body.data.counts.matched).toBe(4);
    expect(first.body.data.items.every((i) => i.kind === 'matched')).toBe(true);
    const second = await read();
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await count('payout_reconciliations')).toBe(2);
  });

  it("the bank reconciliation proposes the batch's one bank debit (sent plus fees) as its match", async () => {
    const [collection] = await queryRows(
      w.t.db,
      z.object({ id: z.string() }),
      sql`select account_id as id from account_mappings where key = 'collection_bank'`,
    );
    const bankId = collection?.id as string;
    const paid = await ledger();
    const total = sum(paid.flatMap((e) => [e.amount, e.fee])).toFixed(2);
    const today = todayInTanzania();
    const base = '/accounts/bank-reconciliation';
    const imported = await w.t.request('POST', `${base}/statements`, {
      token: accountant.access,
      body: {
        accountId: bankId,
        format: 'csv',
        content: `Date,Reference,Narrative,Amount\n${today},MPESA B2C BULK,Bulk disbursement,-${total}\n`,
        mapping: {
          date: 'Date',
          reference: 'Reference',
          description: 'Narrative',
          amount: 'Amount',
          dateFormat: 'YYYY-MM-DD',
        },
      },
    });
    expect(imported.status).toBe(201);
    const suggested = await w.t.request<{
      data: { reason: string; journalLineIds: string[]; amount: string }[];
    }>('GET', `${base}/accounts/${bankId}/suggestions?days=3`, { token: accountant.access });
    expect(suggested.status).toBe(200);
    const bookLines = await queryRows(
      w.t.db,
      z.object({ id: z.string() }),
      sql`select jl.id from journal_lines jl join journal_entries je on je.id = jl.entry_id
          where jl.account_id = ${bankId} and je.source_id = ${w.batch.id} order by jl.id`,
    );
    expect(bookLines.length).toBeGreaterThan(1);
    const match = suggested.body.data.find((s) => s.reason === 'payout_batch');
    expect(match?.amount).toBe(`-${total}`);
    expect([...(match?.journalLineIds ?? [])].sort()).toEqual(bookLines.map((l) => l.id));
  });
});
