import type { Item, ItemCategory, Paged, Store, StoreStock } from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { directGrn, makeStore, type StoresWorld, startStoresWorld } from '../../../../test/inventory.ts';

let t: TestApp;
let w: StoresWorld;

beforeAll(async () => {
  ({ t, w } = await startStoresWorld());
});
afterAll(() => t.close());

describe('catalogue', () => {
  it('creates categories, items and services; codes are unique; services cannot track batches', async () => {
    const cat = await t.request<{ data: ItemCategory }>('POST', '/inventory/categories', {
      token: w.admin.access,
      body: { name: 'Fertiliser' },
    });
    expect(cat.status).toBe(201);
    const dup = await t.request('POST', '/inventory/categories', {
      token: w.admin.access,
      body: { name: 'fertiliser' },
    });
    expect(dup.status).toBe(409);
    const item = await t.request<{ data: Item }>('POST', '/inventory/items', {
      token: w.keeper.access,
      body: {
        code: 'UREA50',
        name: 'Urea 50 kg',
        unit: 'bag',
        categoryId: cat.body.data.id,
        reorderLevel: '20',
      },
    });
    expect(item.status).toBe(201);
    expect(item.body.data).toMatchObject({
      categoryName: 'Fertiliser',
      kind: 'stock',
      quantityOnHand: '0.000',
    });
    const again = await t.request('POST', '/inventory/items', {
      token: w.keeper.access,
      body: { code: 'urea50', name: 'Other', unit: 'bag' },
    });
    expect(again.status).toBe(409);
    const badService = await t.request('POST', '/inventory/items', {
      token: w.keeper.access,
      body: { code: 'SPRAY', name: 'Spraying', unit: 'acre', kind: 'service', tracksBatch: true },
    });
    expect(badService.status).toBe(400);
    await directGrn(t, w.keeper.access, w.unionStore.id, [
      { itemId: item.body.data.id, quantity: '12', unitCost: '1000' },
    ]);
    const low = await t.request<Paged<Item>>('GET', '/inventory/items?below_reorder=true&search=urea50', {
      token: w.keeper.access,
    });
    expect(low.body.data.map((i) => [i.code, i.quantityOnHand, i.valueOnHand])).toEqual([
      ['UREA50', '12.000', '12000.00'],
    ]);
    const toService = await t.request('PATCH', `/inventory/items/${item.body.data.id}`, {
      token: w.admin.access,
      body: { code: 'UREA50', name: 'Urea 50 kg', unit: 'bag', kind: 'service' },
    });
    expect(toService.status).toBe(400);
    const services = await t.request<Paged<Item>>('GET', '/inventory/items?kind=service', {
      token: w.keeper.access,
    });
    expect(services.body.data.every((i) => i.kind === 'service')).toBe(true);
  });

  it('the catalogue is union business; AMCOS users get the pick list', async () => {
    const list = await t.request('GET', '/inventory/items', { token: w.societyA.manager.access });
    expect(list.status).toBe(403);
    const create = await t.request('POST', '/inventory/items', {
      token: w.societyA.manager.access,
      body: { code: 'X1', name: 'X', unit: 'bag' },
    });
    expect(create.status).toBe(403);
    for (const path of ['/inventory/categories', '/inventory/items/options', '/inventory/grns/orders']) {
      const r = await t.request('GET', path, { token: w.societyA.manager.access });
      expect(r.status, path).toBe(403);
    }
    const newCategory = await t.request('POST', '/inventory/categories', {
      token: w.societyA.manager.access,
      body: { name: 'Theirs' },
    });
    expect(newCategory.status).toBe(403);
    const choices = await t.request<{ data: { id: string }[] }>('GET', '/inventory/items/choices', {
      token: w.societyA.clerk.access,
    });
    expect(choices.status).toBe(200);
    expect(choices.body.data.map((c) => c.id)).toContain(w.urea.id);
  });
});

describe('stores', () => {
  it('an AMCOS store names its AMCOS; closing a store that holds stock is refused', async () => {
    const bad = await t.request('POST', '/inventory/stores', {
      token: w.admin.access,
      body: { code: 'BAD1', name: 'Bad', kind: 'amcos' },
    });
    expect(bad.status).toBe(400);
    const store = await makeStore(t, w.admin.access);
    await directGrn(t, w.keeper.access, store.id, [{ itemId: w.urea.id, quantity: '1', unitCost: '5' }]);
    const close = await t.request<{ message: string }>('PATCH', `/inventory/stores/${store.id}`, {
      token: w.admin.access,
      body: { code: store.code, name: store.name, kind: 'union', active: false },
    });
    expect(close.status).toBe(400);
    expect(close.body.message).toMatch(/still holds 1 item/);
  });

  it('an AMCOS user lists, reads and counts stock of their own stores only', async () => {
    const list = await t.request<Paged<Store>>('GET', '/inventory/stores', {
      token: w.societyA.clerk.access,
    });
    expect(list.body.data.map((s) => s.id)).toEqual([w.societyA.store.id]);
    const filtered = await t.request<Paged<Store>>('GET', `/inventory/stores?amcos_id=${w.societyB.id}`, {
      token: w.societyA.clerk.access,
    });
    expect(filtered.body.data).toEqual([]);
    expect(
      (await t.request('GET', `/inventory/stores/${w.societyB.store.id}`, { token: w.societyA.clerk.access }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request('GET', `/inventory/stores/${w.societyB.store.id}/stock`, {
          token: w.societyA.clerk.access,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.request('GET', `/inventory/stores/${w.unionStore.id}`, { token: w.societyA.clerk.access }))
        .status,
    ).toBe(403);
    const own = await t.request<{ data: StoreStock[] }>(
      'GET',
      `/inventory/stores/${w.societyA.store.id}/stock`,
      {
        token: w.societyA.clerk.access,
      },
    );
    expect(own.status).toBe(200);
    const choices = await t.request<{ data: { id: string; kind: string }[] }>(
      'GET',
      '/inventory/stores/choices',
      {
        token: w.societyA.clerk.access,
      },
    );
    const ids = choices.body.data.map((c) => c.id);
    expect(ids).toContain(w.societyA.store.id);
    expect(ids).toContain(w.unionStore.id);
    expect(ids).not.toContain(w.societyB.store.id);
    const edit = await t.request('PATCH', `/inventory/stores/${w.societyA.store.id}`, {
      token: w.societyA.manager.access,
      body: { code: 'X', name: 'X', kind: 'amcos', amcosId: w.societyA.id },
    });
    expect(edit.status).toBe(403);
    const history = await t.request('GET', `/audit/store/${w.societyA.store.id}`, {
      token: w.societyA.manager.access,
    });
    expect(history.status).toBe(200);
    const otherHistory = await t.request('GET', `/audit/store/${w.societyB.store.id}`, {
      token: w.societyA.manager.access,
    });
    expect(otherHistory.status).toBe(403);
  });
});
