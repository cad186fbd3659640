import { randomUUID } from 'node:crypto';
import { todayInTanzania } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, type TestApp } from '../../../test/harness.ts';
import { makeFarmers, makeSettlementWorld, type SettlementWorld } from '../../../test/settlement-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { boqItems, boqs } from '../boqs/schema.ts';
import { farms } from '../farmers/schema.ts';
import { items } from '../inventory/items/schema.ts';
import { receiveStock } from '../inventory/ledgers/move-stock.ts';
import { stores } from '../inventory/stores/schema.ts';
import { seasonCrops } from '../seasons/schema.ts';

/**
 * Test world of the farmer inputs: the settlement world (AMCOS, season crop, paid lots later)
 * plus farms, two input items, the AMCOS's store stocked through the stock door (posted Dr
 * inventory / Cr GRNI), a BOQ and the season's prices set over HTTP by a union crop officer.
 *
 * Figures: sulphur 25 kg bag costs 52,500; credit 65,000, cash 60,000, subsidised 20,000 with the
 * programme paying 45,000; limit 150,000 per acre. Pesticide litre costs 18,000; credit 24,000,
 * cash 22,000; a fixed limit of 100,000. BOQ: 2 bags of sulphur and 1.5 litres per acre.
 */
export type InputsWorld = SettlementWorld & {
  seasonId: string;
  farmers: { id: string; farmerNo: string; name: string; acres: string }[];
  sulphurId: string;
  pesticideId: string;
  storeId: string;
  emptyStoreId: string;
  otherAmcosId: string;
  otherFarmerId: string;
  clerk: Session;
  manager: Session;
  officer: Session;
  officer2: Session;
  otherClerk: Session;
};

const tag = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();

export async function makeItem(t: TestApp, name: string, unit: string) {
  const [row] = await t.db
    .insert(items)
    .values({ code: `${name.slice(0, 4).toUpperCase()}${tag()}`, name: `${name} ${tag()}`, unit })
    .returning({ id: items.id, code: items.code });
  if (!row) throw new Error('item not saved');
  return row;
}

export async function makeStore(t: TestApp, amcosId: string) {
  const [row] = await t.db
    .insert(stores)
    .values({ code: `ST${tag()}`, name: `Store ${tag()}`, kind: 'amcos', amcosId })
    .returning({ id: stores.id });
  if (!row) throw new Error('store not saved');
  return row.id;
}

export async function stock(t: TestApp, storeId: string, itemId: string, quantity: string, unitCost: string) {
  await t.db.transaction((tx) =>
    receiveStock(tx, {
      storeId,
      date: todayInTanzania(),
      source: { type: 'grn', id: randomUUID(), no: `GRN-${tag()}` },
      actorId: null,
      lines: [{ itemId, quantity, unitCost }],
      post: { narration: 'Opening stock for the inputs test' },
    }),
  );
}

export async function makeInputsWorld(t: TestApp, farmerCount = 3): Promise<InputsWorld> {
  const world = await makeSettlementWorld(t.db);
  const [sc] = await t.db
    .select({ seasonId: seasonCrops.seasonId, cropId: seasonCrops.cropId })
    .from(seasonCrops)
    .where(eq(seasonCrops.id, world.seasonCropId));
  if (!sc) throw new Error('season crop missing');
  const made = await makeFarmers(
    t.db,
    world,
    Array.from({ length: farmerCount }, () => 'mobile' as const),
  );
  const acres = ['2.00', '1.50', '3.00', '0.50', '1.00'];
  const farmersWithAcres = [];
  for (const [i, f] of made.entries()) {
    const a = acres[i % acres.length] as string;
    await t.db.insert(farms).values({ farmerId: f.id, name: 'Shamba', cropId: sc.cropId, acres: a });
    farmersWithAcres.push({ ...f, acres: a });
  }
  const sulphur = await makeItem(t, 'Sulphur dust 25kg', 'bag');
  const pesticide = await makeItem(t, 'Pesticide', 'litre');
  const storeId = await makeStore(t, world.amcosId);
  const emptyStoreId = await makeStore(t, world.amcosId);
  await stock(t, storeId, sulphur.id, '200', '52500');
  await stock(t, storeId, pesticide.id, '100', '18000');
  const [boq] = await t.db
    .insert(boqs)
    .values({ name: 'Cashew package', seasonCropId: world.seasonCropId })
    .returning({ id: boqs.id });
  if (!boq) throw new Error('boq not saved');
  await t.db.insert(boqItems).values([
    { boqId: boq.id, line: 1, item: sulphur.code, unit: 'bag', quantityPerAcre: '2', unitPrice: '65000' },
    {
      boqId: boq.id,
      line: 2,
      item: pesticide.code,
      unit: 'litre',
      quantityPerAcre: '1.5',
      unitPrice: '24000',
    },
  ]);
  const officer = await sessionAs(t, 'Crop Officer');
  const prices = [
    {
      itemId: sulphur.id,
      creditPrice: '65000',
      cashPrice: '60000',
      subsidisedPrice: '20000',
      programmeShare: '45000',
      limitBasis: 'per_acre',
      creditLimit: '150000',
    },
    {
      itemId: pesticide.id,
      creditPrice: '24000',
      cashPrice: '22000',
      limitBasis: 'fixed',
      creditLimit: '100000',
    },
  ];
  for (const p of prices) {
    const r = await t.request('POST', '/settings/collection/input-prices', {
      token: officer.access,
      body: { seasonId: sc.seasonId, ...p },
    });
    if (r.status !== 200) throw new Error(`price not saved: ${JSON.stringify(r.body)}`);
  }
  const other = await makeAmcos(t, 'Other AMCOS');
  const otherWorld = { ...world, amcosId: other.id };
  const [otherFarmer] = await makeFarmers(t.db, otherWorld, ['mobile']);
  return {
    ...world,
    seasonId: sc.seasonId,
    farmers: farmersWithAcres,
    sulphurId: sulphur.id,
    pesticideId: pesticide.id,
    storeId,
    emptyStoreId,
    otherAmcosId: other.id,
    otherFarmerId: otherFarmer?.id as string,
    clerk: await sessionAs(t, 'AMCOS Clerk', { amcosId: world.amcosId }),
    manager: await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId }),
    officer,
    officer2: await sessionAs(t, 'Crop Officer'),
    otherClerk: await sessionAs(t, 'AMCOS Manager', { amcosId: other.id }),
  };
}

/** Records a request as the clerk and approves it by the manager and a crop officer. */
export async function approvedRequest(
  t: TestApp,
  w: InputsWorld,
  farmerId: string,
  lines: { itemId: string; quantity: string }[],
): Promise<string> {
  const made = await t.request<{ data: { id: string } }>('POST', '/collections/farmer-requests', {
    token: w.clerk.access,
    body: { farmerId, seasonCropId: w.seasonCropId, lines },
  });
  if (made.status !== 201) throw new Error(`request not saved: ${JSON.stringify(made.body)}`);
  const id = made.body.data.id;
  for (const who of [w.manager, w.officer]) {
    const r = await t.request('PATCH', `/collections/farmer-requests/${id}/approve`, { token: who.access });
    if (r.status !== 200) throw new Error(`approve failed: ${JSON.stringify(r.body)}`);
  }
  return id;
}

/** An account's posted balance (debits - credits) in a book, as a 2-decimal string. */
export async function balanceOf(t: TestApp, book: 'collection' | 'operation', code: string): Promise<string> {
  const [row] = await queryRows(
    t.db,
    z.object({ b: z.string() }),
    sql`select coalesce(sum(l.debit - l.credit), 0)::numeric(18,2)::text as b
        from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
        where e.status <> 'draft' and a.book = ${book} and a.code = ${code}`,
  );
  return row?.b ?? '0.00';
}

/** Quantity of an item in a store now. */
export async function held(t: TestApp, storeId: string, itemId: string): Promise<string> {
  const [row] = await queryRows(
    t.db,
    z.object({ q: z.string() }),
    sql`select coalesce((select quantity::text from stock_balances where store_id = ${storeId} and item_id = ${itemId}), '0.000') as q`,
  );
  return row?.q ?? '0.000';
}
