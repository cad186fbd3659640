import { sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoCropAndStores } from '../../test/demo.ts';
import { sessionAs, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { loadDemoPayouts } from './demo-payouts.ts';
import { loadDemoSales } from './demo-sales.ts';

let t: TestApp;
// The demo seed's order (seed-demo.ts): the crop in lots, the stores, the sales and their
// settlement (the farmers' batch paid with two lines the bank refused), then the payouts.
beforeAll(async () => {
  t = await startDemoCropAndStores();
  await loadDemoSales(t.db);
}, 480_000);
afterAll(() => t.close());

const counts = async () =>
  (
    await queryRows(
      t.db,
      z.object({ batches: z.number(), ledger: z.number(), audits: z.number(), entries: z.number() }),
      sql`select (select count(*)::int from payment_batches) as batches,
            (select count(*)::int from payout_simulator_ledger) as ledger,
            (select count(*)::int from audit_events) as audits,
            (select count(*)::int from journal_entries) as entries`,
    )
  )[0];

describe('demo payouts', () => {
  it('sets up the simulator in the payout settings and pays the refused farmers again through it; a second run changes nothing', async () => {
    const first = await loadDemoPayouts(t.db, t.deps.config);
    expect(first).toMatchObject({ skipped: false, configured: true, lines: 2, status: 'paid' });
    const admin = await sessionAs(t, 'Administrator');
    // The settings screen shows the simulator paying both channels.
    const settings = await t.request<{ data: { providers: { kind: string }[]; channels: object } }>(
      'GET',
      '/payments/settings/payouts',
      { token: admin.access },
    );
    expect(settings.status).toBe(200);
    expect(settings.body.data.providers.map((p) => p.kind)).toContain('simulator');
    expect(settings.body.data.channels).toEqual({ mobile: 'simulator', bank: 'simulator' });
    // The batch went through the provider: each line looked up, sent, called back once and paid.
    const [batch] = await queryRows(
      t.db,
      z.object({ id: z.string(), status: z.string(), isRetry: z.boolean(), total: z.string() }),
      sql`select id, status, is_retry as "isRetry", total::text as total from payment_batches
          where batch_no = ${first.skipped ? '' : first.batchNo}`,
    );
    expect(batch).toMatchObject({ status: 'paid', isRetry: true });
    const progress = await t.request<{
      data: { counts: Record<string, number>; succeededAmount: string; fees: string };
    }>('GET', `/payouts/batches/${batch?.id}`, { token: admin.access });
    expect(progress.body.data.counts).toMatchObject({ succeeded: 2, failed: 0, sending: 0, unknown: 0 });
    expect(progress.body.data.succeededAmount).toBe(batch?.total);
    const ledger = await t.request<{
      data: { status: string; callbacks: number; amount: string; fee: string }[];
    }>('GET', `/payouts/simulator/ledger?batch_id=${batch?.id}`, { token: admin.access });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data.map((e) => [e.status, e.callbacks])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
    const history = await queryRows(
      t.db,
      z.object({ action: z.string() }),
      sql`select action from audit_events where entity = 'payment_batch' and entity_id = ${batch?.id}
          order by action`,
    );
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['approved', 'sending', 'paid']));
    // What left the collection bank for it: the money sent and the simulator's fees.
    const [bank] = await queryRows(
      t.db,
      z.object({ credit: z.string() }),
      sql`select coalesce(sum(jl.credit - jl.debit), 0)::numeric(16,2)::text as credit
          from journal_lines jl join journal_entries je on je.id = jl.entry_id
          join account_mappings m on m.account_id = jl.account_id
          where m.key = 'collection_bank' and je.source_id = ${batch?.id}`,
    );
    expect(bank?.credit).toBe(sum(ledger.body.data.flatMap((e) => [e.amount, e.fee])).toFixed(2));
    const before = await counts();
    expect(await loadDemoPayouts(t.db, t.deps.config)).toEqual({
      skipped: true,
      configured: false,
      reason: 'no refused farmer line is left to pay again',
    });
    expect(await counts()).toEqual(before);
  }, 120_000);
});
