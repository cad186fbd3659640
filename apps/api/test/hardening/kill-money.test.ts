import { randomUUID } from 'node:crypto';
import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { countRow, idRow, queryRows } from '../../src/db/rows.ts';
import { controlAccounts } from '../../src/modules/accounts/reports/control-accounts.ts';
import { trialBalance } from '../../src/modules/accounts/reports/trial-balance.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { makeBuyer, makeSalesSetup, type SalesSetup } from '../sales-lots.ts';
import { makeRule, makeSettlementWorld, type SettlementWorld } from '../settlement-fixtures.ts';
import { accessToken, apiCall as call } from './child-server.ts';
import { ok, useKillableServer, withDatabase } from './killable-server.ts';
import { seededRandom } from './openapi-walk.ts';
import { writeSoldPaidLot } from './sold-lots.ts';

/**
 * The heavy money actions under SIGKILL: the server runs as a child process (main.ts) on its own
 * PGlite data directory or PostgreSQL database. Settlement approval: societies A and B have the
 * same shape (FARMERS farmers in sold, paid lots of 100); A's approval runs to the end and is
 * timed, B's is killed at seeded moments around that time. Batch mark-paid: the same with the
 * farmer batches of two smaller societies C and D (PAID_FARMERS each; marking paid costs far more
 * per line). After each kill, with the server down, the database is read directly: B's (D's)
 * action either happened whole (the same journal entries, payment batches and lines, paid
 * collections and SMS as A's (C's)) or not at all, both books balance, every control account
 * equals its sub-ledger, and nothing else was posted. The server then starts again on the same
 * database and the action is retried until it completes; it completes exactly once.
 */
const FARMERS = 5000;
/** Marking a batch paid costs far more per line than approving (about 30 ms a line on PGlite). */
const PAID_FARMERS = 400;
const PER_LOT = 100;
const KILLS = 2;
/** Lots of 10 collections in each auction closed (one invoice per buyer, three buyers). */
const AUCTION_LOTS = 150;
/** Lines of the stock transfer dispatched (one item each). */
const TRANSFER_LINES = 300;
const ADMIN = { email: 'admin@killmoney.ushirika.test', first: 'Kill#First2026', password: 'Kill#Admin2026' };
const FINANCE = { email: 'finance@killmoney.ushirika.test', password: 'Kill#Finance2026' };

const server = useKillableServer('kill-money', ADMIN);

/** One society: `farmers` farmers (a third with bank accounts, a tenth with no phone) in sold, paid lots of 100. */
async function makeSociety(db: Db, w: number, farmers: number): Promise<SettlementWorld> {
  const world = await makeSettlementWorld(db);
  await makeRule(db, world, {
    name: 'Council cess',
    recipient: 'beneficiary',
    basis: 'percent_of_gross',
    rate: '3',
  });
  await makeRule(db, world, { name: 'AMCOS levy', recipient: 'amcos', basis: 'per_kg', rate: '20' });
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone, bank_id, account_no)
    select gen_random_uuid(), ${`KM${w}-`} || lpad(n::text, 5, '0'), ${world.amcosId}, 'Farmer', 'Kill ' || n,
      case when n % 2 = 0 then 'Female' else 'Male' end,
      case when n % 10 <> 0 then ${`2556${w}`} || lpad(n::text, 7, '0') end,
      case when n % 3 = 0 then ${world.bankId}::uuid end,
      case when n % 3 = 0 then ${`KMACC${w}-`} || n end
    from generate_series(0, ${farmers - 1}) n`);
  const today = todayInTanzania();
  for (let j = 0; j < farmers / PER_LOT; j++)
    await writeSoldPaidLot(db, {
      tag: `K${w}-${randomUUID().slice(0, 8)}`,
      amcosId: world.amcosId,
      seasonCropId: world.seasonCropId,
      gradeId: world.gradeId,
      warehouseId: world.warehouseId,
      transporterId: world.transporterId,
      buyerId: world.buyerId,
      farmers: sql`substr(f.farmer_no, ${`KM${w}-`.length + 1})::int / ${PER_LOT} = ${j}`,
      farmerCount: PER_LOT,
      kgPerFarmer: 50,
      pricePerKg: 2000,
      collectedOn: today,
      soldOn: today,
      actorId: null,
    });
  return world;
}

/** A society's lots in store for auction: AUCTION_LOTS lots of 10 farmers' collections, three buyers. */
async function makeAuctionStock(
  db: Db,
  w: number,
): Promise<SalesSetup & { lotIds: string[]; buyers: string[] }> {
  const setup = await makeSalesSetup(db);
  const buyers = [];
  for (let i = 0; i < 3; i++) buyers.push((await makeBuyer(db, `Kill buyer ${w}-${i}`)).id);
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender)
    select gen_random_uuid(), ${`KA${w}-`} || k, ${setup.amcosId}, 'Farmer', 'Auction ' || k, 'Female'
    from generate_series(1, 10) k`);
  const lots = await queryRows(
    db,
    idRow,
    sql`insert into lots (id, whr_no, lot_no, warehouse_id, amcos_id, season_crop_id, grade_id, bags, net_kg,
        collected_kg, status)
      select gen_random_uuid(), ${`KAWHR${w}-`} || n, ${`KAL${w}-`} || lpad(n::text, 4, '0'), ${setup.warehouseId},
        ${setup.amcosId}, ${setup.seasonCropId}, ${setup.gradeId}, 10, 800, 800, 'in_store'
      from generate_series(1, ${AUCTION_LOTS}) n
      returning id`,
  );
  await db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id,
      grade_id, bags, gross_kg, tare_kg, net_kg, moisture, status, lot_id)
    select gen_random_uuid(), ${`KARC${w}-`} || l.lot_no || '-' || f.farmer_no, current_date, ${setup.seasonCropId},
      ${setup.amcosId}, f.id, ${setup.gradeId}, 1, 81, 1, 80, 8, 'in_lot', l.id
    from lots l join farmers f on f.amcos_id = l.amcos_id
    where l.amcos_id = ${setup.amcosId}`);
  return { ...setup, lotIds: lots.map((l) => l.id), buyers };
}

type Facts = {
  balanced: boolean[];
  controlDifferences: string[];
  entries: number;
  settlement: (id: string) => Promise<{ status: string; entries: number; batches: number; lines: number }>;
  batch: (id: string) => Promise<{
    status: string;
    lines: Record<string, number>;
    entries: number;
    sms: number;
    smsDistinct: number;
    paidCollections: number;
  }>;
};

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await queryRows(db, countRow, query))[0]?.n ?? 0);

async function factsOf(db: Db): Promise<Omit<Facts, 'settlement' | 'batch'>> {
  const balanced = [];
  for (const book of ['collection', 'operation'] as const)
    balanced.push((await trialBalance(db, { book, from: '2000-01-01', asAt: '2099-12-31' })).balanced);
  const control = await controlAccounts(db);
  return {
    balanced,
    controlDifferences: control.checks
      .filter((c) => c.difference !== '0.00')
      .map((c) => `${c.key} ${c.difference}`),
    entries: await count(db, sql`select count(*)::int as n from journal_entries`),
  };
}

const settlementFacts = (db: Db) => async (id: string) => ({
  status:
    (
      await queryRows(
        db,
        z.object({ status: z.string() }),
        sql`select status from settlements where id = ${id}`,
      )
    )[0]?.status ?? '',
  entries: await count(db, sql`select count(*)::int as n from journal_entries where source_id = ${id}`),
  batches: await count(db, sql`select count(*)::int as n from payment_batches where settlement_id = ${id}`),
  lines: await count(db, sql`select count(*)::int as n from payment_lines where settlement_id = ${id}`),
});

const auctionFacts = (db: Db) => async (id: string) => ({
  status:
    (
      await queryRows(db, z.object({ status: z.string() }), sql`select status from auctions where id = ${id}`)
    )[0]?.status ?? '',
  invoices: await count(db, sql`select count(*)::int as n from sales_invoices where auction_id = ${id}`),
  entries: await count(
    db,
    sql`select count(*)::int as n from journal_entries
        where source_id in (select id from sales_invoices where auction_id = ${id})`,
  ),
  soldLots: await count(
    db,
    sql`select count(*)::int as n from lots l join auction_lots al on al.lot_id = l.id
        where al.auction_id = ${id} and l.status = 'sold'`,
  ),
  soldCollections: await count(
    db,
    sql`select count(*)::int as n from collections
        where lot_id in (select lot_id from auction_lots where auction_id = ${id}) and status = 'sold'`,
  ),
});

/** A store's transfers out, their stock movements and postings, and the quantity left in it. */
const transferFacts = (db: Db) => async (storeId: string) => {
  const out = sql`(select id from stock_transfers where from_store_id = ${storeId})`;
  return {
    transfers: await count(
      db,
      sql`select count(*)::int as n from stock_transfers where from_store_id = ${storeId}`,
    ),
    movements: await count(db, sql`select count(*)::int as n from stock_movements where source_id in ${out}`),
    entries: await count(db, sql`select count(*)::int as n from journal_entries where source_id in ${out}`),
    quantity: (
      await queryRows(
        db,
        z.object({ q: z.string() }),
        sql`select coalesce(sum(quantity), 0)::text as q from stock_balances where store_id = ${storeId}`,
      )
    )[0]?.q,
  };
};

const batchFacts = (db: Db) => async (id: string) => {
  const lines = await queryRows(
    db,
    z.object({ status: z.string(), n: z.number() }),
    sql`select status, count(*)::int as n from payment_lines where batch_id = ${id} group by status`,
  );
  const sms = (
    await queryRows(
      db,
      z.object({ n: z.number(), d: z.number() }),
      // The batch's own SMS, keyed by its lines (the settlement's approval sends the same farmers
      // its own SMS, #31).
      sql`select count(*)::int as n, count(distinct recipient)::int as d from sms_outbox
          where event_key in (select v.k || pl.id from payment_lines pl,
                                (values ('payment-paid:'), ('payment-failed:')) as v(k)
                              where pl.batch_id = ${id})`,
    )
  )[0];
  return {
    status:
      (
        await queryRows(
          db,
          z.object({ status: z.string() }),
          sql`select status from payment_batches where id = ${id}`,
        )
      )[0]?.status ?? '',
    lines: Object.fromEntries(lines.map((l) => [l.status, Number(l.n)])),
    entries: await count(db, sql`select count(*)::int as n from journal_entries where source_id = ${id}`),
    sms: Number(sms?.n ?? 0),
    smsDistinct: Number(sms?.d ?? 0),
    paidCollections: await count(
      db,
      sql`select count(*)::int as n from collections c
          join settlement_farmers sf on sf.lot_id = c.lot_id and sf.farmer_id = c.farmer_id
          join payment_batches b on b.settlement_id = sf.settlement_id
          where b.id = ${id} and c.status = 'paid'`,
    ),
  };
};

it('settlement approval, batch mark-paid, auction close and stock transfer killed with SIGKILL happened whole or not at all; books balance and control accounts agree after restart', async () => {
  // First start: migrations and the administrator; then the data, written with the server down.
  const env = await server.open();
  await server.stop();
  const setupStarted = performance.now();
  const [a, b, c, d, e, f, base] = await withDatabase(env, async (db) => {
    const a = await makeSociety(db, 1, FARMERS);
    const b = await makeSociety(db, 2, FARMERS);
    const c = await makeSociety(db, 3, PAID_FARMERS);
    const d = await makeSociety(db, 4, PAID_FARMERS);
    const e = await makeAuctionStock(db, 5);
    const f = await makeAuctionStock(db, 6);
    // Two union stores and TRANSFER_LINES items (their stock comes from a GRN through the API).
    await db.execute(sql`insert into stores (id, code, name, kind)
      values (gen_random_uuid(), 'KSTA', 'Kill main store', 'union'), (gen_random_uuid(), 'KSTB', 'Kill depot', 'union')`);
    await db.execute(sql`insert into items (id, code, name, unit)
      select gen_random_uuid(), 'KIT' || lpad(n::text, 4, '0'), 'Kill item ' || n, 'bag'
      from generate_series(1, ${TRANSFER_LINES}) n`);
    const [adminRow] = await queryRows(db, idRow, sql`select id from users where email = ${ADMIN.email}`);
    await db.execute(sql`
      with u as (insert into users (id, first_name, last_name, email, mobile, gender, password_hash, is_initial_password,
          active, created_by)
        values (gen_random_uuid(), 'Kill', 'Finance', ${FINANCE.email}, '255700999222', 'Female',
          ${await hashPassword(FINANCE.password)}, false, true, ${adminRow?.id ?? null}) returning id)
      insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'Finance Manager'`);
    return [a, b, c, d, e, f, await factsOf(db)] as const;
  });
  const setupMs = performance.now() - setupStarted;
  // The written world is itself consistent: the checks below would otherwise prove nothing.
  expect(base.balanced).toEqual([true, true]);
  expect(base.controlDifferences).toEqual([]);

  await server.start();
  let admin = await accessToken(server.url, ADMIN.email, ADMIN.password);
  let finance = await accessToken(server.url, FINANCE.email, FINANCE.password);
  const draft = async (world: SettlementWorld) =>
    (
      await ok(
        call<{ data: { id: string; farmerCount: number } }>(
          server.url,
          'POST',
          '/payments/settlements',
          { amcosId: world.amcosId },
          admin,
        ),
        'draft settlement',
      )
    ).data;
  const settleA = await draft(a);
  const settleB = await draft(b);
  const settleC = await draft(c);
  const settleD = await draft(d);
  expect([settleA.farmerCount, settleB.farmerCount, settleC.farmerCount]).toEqual([
    FARMERS,
    FARMERS,
    PAID_FARMERS,
  ]);
  const approve = (id: string) =>
    call(server.url, 'PATCH', `/payments/settlements/${id}/approve`, undefined, finance);
  // C and D (smaller) are approved now; their farmer batches are the ones marked paid below.
  expect((await approve(settleC.id)).status).toBe(200);
  expect((await approve(settleD.id)).status).toBe(200);
  // Two auctions with every lot bid for and accepted, ready to close.
  const readyAuction = async (stock: Awaited<ReturnType<typeof makeAuctionStock>>) => {
    const url = server.url;
    const created = await ok(
      call<{ data: { id: string } }>(
        url,
        'POST',
        '/sales/auctions',
        {
          seasonCropId: stock.seasonCropId,
          auctionDate: todayInTanzania(),
          platform: 'tmx_online',
        },
        admin,
      ),
      'create auction',
    );
    const id = created.data.id;
    const lots = stock.lotIds.map((lotId) => ({ lotId, reservePrice: '2000' }));
    await ok(call(url, 'POST', `/sales/auctions/${id}/lots`, { lots }, admin), 'catalogue');
    await ok(call(url, 'PATCH', `/sales/auctions/${id}/publish`, undefined, admin), 'publish');
    const results = stock.lotIds.map((lotId, i) => ({
      lotId,
      buyerId: stock.buyers[i % 3],
      pricePerKg: '2100.00',
    }));
    await ok(call(url, 'PUT', `/sales/auctions/${id}/results`, { results }, admin), 'results');
    const decisions = stock.lotIds.map((lotId) => ({ lotId, decision: 'accept', formRef: 'F-KILL' }));
    await ok(call(url, 'PUT', `/sales/auctions/${id}/decisions`, { decisions }, admin), 'decisions');
    return id;
  };
  const auctionE = await readyAuction(e);
  const auctionF = await readyAuction(f);
  // Stock for two transfers of every item from the main store to the depot.
  const [storeA, storeB] = (
    await ok(
      call<{ data: { id: string; code: string }[] }>(
        server.url,
        'GET',
        '/inventory/stores?search=Kill&per_page=10',
        undefined,
        admin,
      ),
      'stores',
    )
  ).data
    .sort((x, y) => x.code.localeCompare(y.code))
    .map((x) => x.id);
  const itemIds = (
    await ok(
      call<{ data: { id: string }[] }>(
        server.url,
        'GET',
        `/inventory/items?search=Kill%20item&per_page=200&page=1`,
        undefined,
        admin,
      ),
      'items',
    )
  ).data.map((i) => i.id);
  itemIds.push(
    ...(
      await ok(
        call<{ data: { id: string }[] }>(
          server.url,
          'GET',
          `/inventory/items?search=Kill%20item&per_page=200&page=2`,
          undefined,
          admin,
        ),
        'items',
      )
    ).data.map((i) => i.id),
  );
  expect(itemIds).toHaveLength(TRANSFER_LINES);
  await ok(
    call(
      server.url,
      'POST',
      '/inventory/grns/direct',
      {
        storeId: storeA,
        receivedOn: todayInTanzania(),
        lines: itemIds.map((itemId) => ({ itemId, quantity: '100', unitCost: '1000' })),
      },
      admin,
    ),
    'GRN',
  );
  const dispatch = () =>
    call(
      server.url,
      'POST',
      '/inventory/transfers',
      {
        kind: 'to_store',
        fromStoreId: storeA,
        toStoreId: storeB,
        dispatchedOn: todayInTanzania(),
        lines: itemIds.map((itemId) => ({ itemId, quantity: '10' })),
      },
      admin,
    );
  let started = performance.now();
  expect((await approve(settleA.id)).status).toBe(200);
  const approveMs = performance.now() - started;

  const r = seededRandom(Number(process.env.HARDENING_SEED ?? 20261125));
  const restart = async () => {
    await server.start();
    admin = await accessToken(server.url, ADMIN.email, ADMIN.password);
    finance = await accessToken(server.url, FINANCE.email, FINANCE.password);
  };
  /** Starts `action`, kills the server inside `ms`, and reads the database with the server down. */
  const killDuring = async <T>(action: () => Promise<unknown>, ms: number, read: (db: Db) => Promise<T>) => {
    const reply = action().catch(() => null);
    // From 30 % of the measured time to 20 % past it: most kills land inside, some after the commit.
    await new Promise((resolve) => setTimeout(resolve, ms * (0.3 + 0.9 * r.next())));
    await server.kill();
    await reply;
    return withDatabase(env, read);
  };
  const log: string[] = [];

  // The farmer batches: approved by another user than the one who drafted them, exported, then marked paid.
  const farmerBatch = async (settlementId: string) => {
    const list = await ok(
      call<{ data: { id: string; lineCount: number }[] }>(
        server.url,
        'GET',
        `/payments/batches?settlement_id=${settlementId}&party_type=farmer`,
        undefined,
        admin,
      ),
      'batches',
    );
    const batch = list.data[0];
    if (!batch) throw new Error('no farmer batch');
    await ok(
      call(server.url, 'PATCH', `/payments/batches/${batch.id}/approve`, undefined, admin),
      'approve batch',
    );
    const file = await fetch(`${server.url}/api/payments/batches/${batch.id}/export?layout=bank&format=csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    return batch;
  };
  const batchA = await farmerBatch(settleC.id);
  const batchB = await farmerBatch(settleD.id);
  expect(batchB.lineCount).toBe(batchA.lineCount);
  const markPaid = (id: string) =>
    call(
      server.url,
      'PATCH',
      `/payments/batches/${id}/paid`,
      { paidOn: todayInTanzania(), bankReference: `KILL-${id.slice(0, 8)}` },
      admin,
    );
  started = performance.now();
  expect((await markPaid(batchA.id)).status).toBe(200);
  const markPaidMs = performance.now() - started;
  const closeAuction = (id: string) =>
    call(server.url, 'PATCH', `/sales/auctions/${id}/close`, undefined, admin);
  started = performance.now();
  expect((await closeAuction(auctionE)).status).toBe(200);
  const closeMs = performance.now() - started;
  started = performance.now();
  expect((await dispatch()).status).toBe(201);
  const dispatchMs = performance.now() - started;

  // The references, read in one stop of the server.
  await server.stop();
  const [referenceA, settled, paidA, closedE, openF, sentOnce] = await withDatabase(env, (db) =>
    Promise.all([
      settlementFacts(db)(settleA.id),
      factsOf(db),
      batchFacts(db)(batchA.id),
      auctionFacts(db)(auctionE),
      auctionFacts(db)(auctionF),
      transferFacts(db)(storeA ?? ''),
    ]),
  );
  expect(sentOnce).toMatchObject({ transfers: 1, quantity: `${TRANSFER_LINES * 90}.000` });
  expect(sentOnce.movements).toBeGreaterThanOrEqual(TRANSFER_LINES);
  await restart();
  // Settlement approval of society B, killed inside it.
  let afterB = { status: 'draft', entries: 0, batches: 0, lines: 0 };
  for (let kill = 0; kill < KILLS && afterB.status !== 'approved'; kill++) {
    const seen = await killDuring(
      () => approve(settleB.id),
      approveMs,
      async (db) => ({ b: await settlementFacts(db)(settleB.id), facts: await factsOf(db) }),
    );
    afterB = seen.b;
    log.push(`approval kill ${kill + 1}: ${seen.b.status}`);
    // All or nothing.
    if (seen.b.status === 'approved') expect(seen.b).toEqual({ ...referenceA, status: 'approved' });
    else expect(seen.b).toEqual({ status: 'draft', entries: 0, batches: 0, lines: 0 });
    expect(seen.facts.balanced).toEqual([true, true]);
    expect(seen.facts.controlDifferences).toEqual([]);
    // Nothing else was posted: what was there before B's approval, and B's own if it happened.
    expect(seen.facts.entries).toBe(settled.entries + seen.b.entries);
    await restart();
  }
  if (afterB.status !== 'approved') expect((await approve(settleB.id)).status).toBe(200);
  // Approved exactly once: a second approval is refused.
  expect((await approve(settleB.id)).status).toBe(409);

  expect(closedE).toMatchObject({ status: 'closed', invoices: 3, soldLots: AUCTION_LOTS });
  expect(openF).toMatchObject({ invoices: 0, entries: 0, soldLots: 0, soldCollections: 0 });
  expect(paidA.sms).toBeGreaterThan(0);
  expect(paidA.smsDistinct).toBe(paidA.sms);
  let paidB = { status: 'exported' };
  for (let kill = 0; kill < KILLS && paidB.status !== 'paid'; kill++) {
    const seen = await killDuring(
      () => markPaid(batchB.id),
      markPaidMs,
      async (db) => ({ b: await batchFacts(db)(batchB.id), facts: await factsOf(db) }),
    );
    paidB = seen.b;
    log.push(`mark-paid kill ${kill + 1}: ${seen.b.status}`);
    if (seen.b.status === 'paid') expect(seen.b).toEqual(paidA);
    else
      expect(seen.b).toEqual({
        status: 'exported',
        lines: { pending: batchA.lineCount },
        entries: 0,
        sms: 0,
        smsDistinct: 0,
        paidCollections: 0,
      });
    expect(seen.facts.balanced).toEqual([true, true]);
    expect(seen.facts.controlDifferences).toEqual([]);
    await restart();
  }
  if (paidB.status !== 'paid') expect((await markPaid(batchB.id)).status).toBe(200);
  expect((await markPaid(batchB.id)).status).toBe(409);

  // Auction close of F, killed inside it: sold and invoiced whole, or still open with nothing sold.
  let closedF = openF;
  for (let kill = 0; kill < KILLS && closedF.status !== 'closed'; kill++) {
    const seen = await killDuring(
      () => closeAuction(auctionF),
      closeMs,
      async (db) => ({ f: await auctionFacts(db)(auctionF), facts: await factsOf(db) }),
    );
    closedF = seen.f;
    log.push(`auction close kill ${kill + 1}: ${seen.f.status}`);
    expect(seen.f).toEqual(seen.f.status === 'closed' ? closedE : openF);
    expect(seen.facts.balanced).toEqual([true, true]);
    expect(seen.facts.controlDifferences).toEqual([]);
    await restart();
  }
  if (closedF.status !== 'closed') expect((await closeAuction(auctionF)).status).toBe(200);
  expect((await closeAuction(auctionF)).status).toBe(409);

  // A stock transfer's dispatch, killed inside it: the second transfer exists whole (its movements,
  // postings, the stock gone from the store) or not at all.
  const sentTwice = {
    transfers: 2,
    movements: sentOnce.movements * 2,
    entries: sentOnce.entries * 2,
    quantity: `${TRANSFER_LINES * 80}.000`,
  };
  let sent = sentOnce;
  for (let kill = 0; kill < KILLS && sent.transfers < 2; kill++) {
    const seen = await killDuring(dispatch, dispatchMs, async (db) => ({
      sent: await transferFacts(db)(storeA ?? ''),
      facts: await factsOf(db),
    }));
    sent = seen.sent;
    log.push(`transfer kill ${kill + 1}: ${seen.sent.transfers - 1} dispatched`);
    expect(seen.sent).toEqual(seen.sent.transfers === 2 ? sentTwice : sentOnce);
    expect(seen.facts.balanced).toEqual([true, true]);
    expect(seen.facts.controlDifferences).toEqual([]);
    await restart();
  }
  if (sent.transfers < 2) expect((await dispatch()).status).toBe(201);
  await server.stop();
  const end = await withDatabase(env, async (db) => ({
    b: await batchFacts(db)(batchB.id),
    f: await auctionFacts(db)(auctionF),
    sent: await transferFacts(db)(storeA ?? ''),
    facts: await factsOf(db),
  }));
  expect(end.f).toEqual(closedE);
  expect(end.sent).toEqual(sentTwice);
  // Paid once: the same lines, postings and SMS as A's batch, no SMS twice.
  expect(end.b).toEqual(paidA);
  expect(end.facts.balanced).toEqual([true, true]);
  expect(end.facts.controlDifferences).toEqual([]);
  console.log(
    `kill test (money): ${FARMERS} farmers per settlement, ${PAID_FARMERS} per batch paid, data written in ${Math.round(setupMs)} ms; approval takes ${Math.round(approveMs)} ms, mark-paid ${Math.round(markPaidMs)} ms, auction close (${AUCTION_LOTS} lots) ${Math.round(closeMs)} ms, transfer dispatch (${TRANSFER_LINES} lines) ${Math.round(dispatchMs)} ms; ${log.join('; ')}`,
  );
}, 900_000);
