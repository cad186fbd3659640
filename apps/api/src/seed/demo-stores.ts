import type { Item, ItemBody, ItemCategory, Store } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { amcos } from '../modules/amcos/schema.ts';
import { receiveDirectGrn } from '../modules/inventory/grns/receive-direct-grn.ts';
import { createStockIssue } from '../modules/inventory/issues/create-stock-issue.ts';
import { itemCategoryResource } from '../modules/inventory/items/categories.ts';
import { itemResource } from '../modules/inventory/items/items.ts';
import { createStore } from '../modules/inventory/stores/create-store.ts';
import { stores } from '../modules/inventory/stores/schema.ts';
import { dispatchStockTransfer } from '../modules/inventory/transfers/dispatch-stock-transfer.ts';
import { receiveStockTransfer } from '../modules/inventory/transfers/receive-stock-transfer.ts';
import { createRecord } from '../platform/catalog.ts';
import { addDays, demoActors, later } from './demo-sales-support.ts';
import { DEMO_SOCIETIES } from './demo-union.ts';

export type DemoStores = {
  skipped: boolean;
  stores: number;
  items: number;
  grns: number;
  transfers: number;
  issues: number;
  /** The union's main store and the items by code, for the purchasing demo's GRNs. */
  mainStoreId: string | null;
  itemIds: Record<string, string>;
};

const CATEGORIES = ['Fertiliser', 'Agro-chemicals', 'Packaging', 'Equipment'] as const;
const ITEMS: (Omit<
  ItemBody,
  'categoryId' | 'inventoryAccountId' | 'expenseAccountId' | 'description' | 'active'
> & {
  category: (typeof CATEGORIES)[number] | null;
})[] = [
  {
    code: 'UREA50',
    name: 'Urea 50 kg',
    nameSw: 'Mbolea ya Urea kg 50',
    unit: 'bag',
    category: 'Fertiliser',
    kind: 'stock',
    reorderLevel: '100',
    tracksBatch: false,
  },
  {
    code: 'NPK50',
    name: 'NPK 17:17:17 50 kg',
    nameSw: 'Mbolea ya NPK 17:17:17 kg 50',
    unit: 'bag',
    category: 'Fertiliser',
    kind: 'stock',
    reorderLevel: '80',
    tracksBatch: false,
  },
  {
    code: 'SUL25',
    name: 'Sulphur dust 25 kg',
    nameSw: 'Salfa ya unga kg 25',
    unit: 'bag',
    category: 'Agro-chemicals',
    kind: 'stock',
    reorderLevel: '150',
    tracksBatch: true,
  },
  {
    code: 'COP1L',
    name: 'Copper fungicide 1 L',
    nameSw: 'Dawa ya ukungu ya shaba lita 1',
    unit: 'bottle',
    category: 'Agro-chemicals',
    kind: 'stock',
    reorderLevel: '50',
    tracksBatch: true,
  },
  {
    code: 'GUNNY',
    name: 'Gunny bag 80 kg',
    nameSw: 'Gunia la kg 80',
    unit: 'piece',
    category: 'Packaging',
    kind: 'stock',
    reorderLevel: '500',
    tracksBatch: false,
  },
  {
    code: 'SPRAYER',
    name: 'Knapsack sprayer 16 L',
    nameSw: 'Bomba la kunyunyizia lita 16',
    unit: 'piece',
    category: 'Equipment',
    kind: 'stock',
    reorderLevel: '10',
    tracksBatch: false,
  },
  {
    code: 'TRANSPORT',
    name: 'Inputs transport',
    nameSw: 'Usafirishaji wa pembejeo',
    unit: 'trip',
    category: null,
    kind: 'service',
    reorderLevel: '0',
    tracksBatch: false,
  },
];

/**
 * The demo union's stores (issue 13), through the real use cases: a catalogue, two union stores
 * and one store per demo AMCOS, a GRN into the main store, transfers to two AMCOS stores counted
 * in by their managers (one line short), a third still in transit, and issues. Skipped when the
 * main store exists (a second run changes nothing).
 */
export async function loadDemoStores(db: Db): Promise<DemoStores> {
  const none: DemoStores = {
    skipped: true,
    stores: 0,
    items: 0,
    grns: 0,
    transfers: 0,
    issues: 0,
    mainStoreId: null,
    itemIds: {},
  };
  const [existing] = await db.select({ id: stores.id }).from(stores).where(eq(stores.code, 'MAIN'));
  const actors = await demoActors(db);
  if (existing || !actors) return { ...none, mainStoreId: existing?.id ?? null };
  const admin = actors.administrator;
  const categories = new Map<string, ItemCategory>();
  for (const name of CATEGORIES)
    categories.set(
      name,
      await createRecord(db, admin, {
        resource: itemCategoryResource,
        body: { name, description: null, active: true },
      }),
    );
  const items = new Map<string, Item>();
  for (const { category, ...item } of ITEMS) {
    const body: ItemBody = {
      ...item,
      categoryId: category ? (categories.get(category)?.id ?? null) : null,
      inventoryAccountId: null,
      expenseAccountId: null,
      description: null,
      active: true,
    };
    items.set(item.code, await createRecord(db, admin, { resource: itemResource, body }));
  }
  const id = (code: string) => items.get(code)?.id ?? '';
  const store = (body: Partial<Store> & { code: string; name: string; kind: 'union' | 'amcos' }) =>
    createStore(db, admin, {
      amcosId: null,
      location: null,
      keeperName: null,
      keeperPhone: null,
      active: true,
      ...body,
    });
  const main = await store({
    code: 'MAIN',
    name: 'Union main store',
    kind: 'union',
    location: 'Mtwara',
    keeperName: 'Hamisi Lukumbo',
  });
  await store({ code: 'DEPOT', name: 'Newala depot', kind: 'union', location: 'Newala' });
  const societyStores: Store[] = [];
  for (const society of DEMO_SOCIETIES) {
    const [row] = await db.select({ id: amcos.id }).from(amcos).where(eq(amcos.code, society.code));
    if (!row) continue;
    societyStores.push(
      await store({
        code: `${society.code}-ST`,
        name: `${society.name} store`,
        kind: 'amcos',
        amcosId: row.id,
      }),
    );
  }
  const today = todayInTanzania();
  // Within the current financial year (early in January the days before it would be in the last).
  const daysAgo = (n: number) => later(addDays(today, -n), `${today.slice(0, 4)}-01-01`);
  // 500 x 62,000 + 300 x 71,500 + 400 x 38,000 + 240 x 12,500 + 3,000 x 1,800 + 40 x 145,000 = 81,850,000.00
  await receiveDirectGrn(db, admin, {
    storeId: main.id,
    supplierId: null,
    receivedOn: daysAgo(21),
    supplierRef: 'DN-ETG-5521',
    remarks: 'Opening stock of the season',
    lines: [
      { itemId: id('UREA50'), quantity: '500', unitCost: '62000', batchNo: null, expiryDate: null },
      { itemId: id('NPK50'), quantity: '300', unitCost: '71500', batchNo: null, expiryDate: null },
      {
        itemId: id('SUL25'),
        quantity: '400',
        unitCost: '38000',
        batchNo: 'SUL-2026-07',
        expiryDate: '2027-09-30',
      },
      {
        itemId: id('COP1L'),
        quantity: '240',
        unitCost: '12500',
        batchNo: 'CU-26-114',
        expiryDate: '2028-03-31',
      },
      { itemId: id('GUNNY'), quantity: '3000', unitCost: '1800', batchNo: null, expiryDate: null },
      { itemId: id('SPRAYER'), quantity: '40', unitCost: '145000', batchNo: null, expiryDate: null },
    ],
  });
  let transfers = 0;
  const plans: [number, [string, string, string?][]][] = [
    [
      0,
      [
        ['UREA50', '120'],
        ['SUL25', '150', 'SUL-2026-07'],
        ['GUNNY', '600'],
      ],
    ],
    [
      1,
      [
        ['UREA50', '80'],
        ['SUL25', '100', 'SUL-2026-07'],
        ['GUNNY', '400'],
      ],
    ],
  ];
  for (const [index, lines] of plans) {
    const to = societyStores[index];
    const manager = to?.amcosId
      ? [...actors.managers.values()].find((m) => m.amcosId === to.amcosId)
      : undefined;
    if (!to || !manager) continue;
    const sent = await dispatchStockTransfer(db, admin, {
      kind: 'to_amcos',
      fromStoreId: main.id,
      toStoreId: to.id,
      dispatchedOn: daysAgo(14 - index),
      vehicle: 'T 482 DKL',
      driverName: 'Saidi Mfaume',
      remarks: null,
      lines: lines.map(([code, quantity, batch]) => ({ itemId: id(code), quantity, batchNo: batch ?? null })),
    });
    // The second society counts five gunny bags short.
    await receiveStockTransfer(db, manager, {
      id: sent.id,
      receivedOn: daysAgo(12 - index),
      remarks: null,
      lines: sent.lines.map((l) => {
        const short = index === 1 && l.itemId === id('GUNNY');
        return {
          lineId: l.id,
          receivedQuantity: short ? '395' : l.quantity,
          varianceReason: short ? 'Five bags torn when offloading' : null,
        };
      }),
    });
    transfers++;
  }
  const third = societyStores[2];
  if (third) {
    await dispatchStockTransfer(db, admin, {
      kind: 'to_amcos',
      fromStoreId: main.id,
      toStoreId: third.id,
      dispatchedOn: daysAgo(2),
      vehicle: 'T 915 DFA',
      driverName: 'Omari Nangwanda',
      remarks: 'Goods in transit for the demo',
      lines: [{ itemId: id('NPK50'), quantity: '60', batchNo: null }],
    });
    transfers++;
  }
  let issues = 0;
  await createStockIssue(db, admin, {
    storeId: main.id,
    purpose: 'union_use',
    toAmcosId: null,
    issuedTo: 'Extension team (spraying demonstration plots)',
    issuedOn: daysAgo(10),
    remarks: null,
    lines: [
      { itemId: id('SPRAYER'), quantity: '4', batchNo: null },
      { itemId: id('COP1L'), quantity: '24', batchNo: 'CU-26-114' },
    ],
  });
  issues++;
  const first = societyStores[0];
  const firstManager = first?.amcosId
    ? [...actors.managers.values()].find((m) => m.amcosId === first.amcosId)
    : undefined;
  if (first && firstManager) {
    await createStockIssue(db, firstManager, {
      storeId: first.id,
      purpose: 'amcos',
      toAmcosId: first.amcosId,
      issuedTo: 'Society weighing shed',
      issuedOn: daysAgo(8),
      remarks: 'Bags for the crop collection',
      lines: [{ itemId: id('GUNNY'), quantity: '250', batchNo: null }],
    });
    issues++;
  }
  return {
    skipped: false,
    stores: 2 + societyStores.length,
    items: ITEMS.length,
    grns: 1,
    transfers,
    issues,
    mainStoreId: main.id,
    itemIds: Object.fromEntries([...items].map(([code, item]) => [code, item.id])),
  };
}
