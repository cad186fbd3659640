import type { PaymentBatch } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/rows.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from './harness.ts';
import type { Listed } from './master-data.ts';
import {
  makeFarmers,
  makePaidLot,
  makeSettlementWorld,
  type SettlementWorld,
} from './settlement-fixtures.ts';

/** A batch paid through a payout provider (#30): the app, its people, the settlement world. */
export type World = {
  t: TestApp;
  admin: Session;
  finance: Session;
  manager: Session;
  world: SettlementWorld;
  batch: PaymentBatch;
};

/** An approved farmer batch: a settlement of one lot of `kinds` farmers, approved, its batch approved. */
export async function approvedBatch(
  env: Record<string, string>,
  kinds: ('bank' | 'mobile' | 'none')[],
): Promise<World> {
  const t = await startTestApp(env);
  const admin = await sessionAs(t, 'Administrator');
  const finance = await sessionAs(t, 'Finance Manager');
  const world = await makeSettlementWorld(t.db);
  const manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId });
  const farmers = await makeFarmers(t.db, world, kinds);
  await makePaidLot(t.db, world, {
    collections: farmers.map((f, i) => ({ farmerId: f.id, kg: `${100 + 37 * i}.000` })),
    price: '2013',
  });
  const created = await t.request<{ data: { id: string } }>('POST', '/payments/settlements', {
    token: admin.access,
    body: { amcosId: world.amcosId },
  });
  expect(created.status).toBe(201);
  const approved = await t.request('PATCH', `/payments/settlements/${created.body.data.id}/approve`, {
    token: finance.access,
  });
  expect(approved.status).toBe(200);
  const list = await t.request<Listed<PaymentBatch>>(
    'GET',
    `/payments/batches?settlement_id=${created.body.data.id}&party_type=farmer`,
    { token: admin.access },
  );
  const batch = list.body.data[0] as PaymentBatch;
  expect(
    (await t.request('PATCH', `/payments/batches/${batch.id}/approve`, { token: admin.access })).status,
  ).toBe(200);
  return { t, admin, finance, manager, world, batch: { ...batch, status: 'approved' } };
}

/** Reads until `done` holds, every 50 ms, for at most `ms`. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What left the collection bank for the world's batch: its journal lines there, credit less debit. */
export async function collectionBankCredit(w: World): Promise<string | undefined> {
  const [row] = await queryRows(
    w.t.db,
    z.object({ credit: z.string() }),
    sql`select coalesce(sum(jl.credit - jl.debit), 0)::numeric(16,2)::text as credit
        from journal_lines jl join journal_entries je on je.id = jl.entry_id
        join account_mappings m on m.account_id = jl.account_id
        where m.key = 'collection_bank' and je.source_id = ${w.batch.id}`,
  );
  return row?.credit;
}
