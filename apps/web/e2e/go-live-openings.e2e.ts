import { beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop, createFarmer, createWarehouse, tag } from './crop-flow-fixtures.ts';
import {
  checkOf,
  createOpeningAccounts,
  csv,
  importSheet,
  openGoLive,
  openingDate,
  trialBalance,
} from './go-live-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import { makeItem, makeStore } from './purchase-fixtures.ts';
import { createBuyer, payInFull, sellLot } from './sales-fixtures.ts';
import { api, createUser, type Listed, must, signedIn } from './support.ts';

/**
 * Going live mid-life (#36), the sheets go-live.e2e.ts leaves out, on a server of its own (a
 * go-live date forbids earlier postings for every user): 30 stock lines in two stores tied to the
 * stock control account; in the Collection book a farmer's opening loan, a buyer's opening
 * invoice and unallocated credit, and two opening crop lots (one without farmer detail) that the
 * auction warehouse flags in English and Swahili; the lot with the farmer is sold and the next
 * settlement recovers the migrated loan on screen.
 */
let accountant: { email: string; password: string };
let officer: { email: string; password: string };
let manager: { email: string; password: string };
const own = onOwnServer();
beforeAll(async () => {
  accountant = await createUser(own.token, 'Accountant');
  officer = await createUser(own.token, 'Settlement Officer');
  manager = await createUser(own.token, 'Administrator');
  await createOpeningAccounts(own.token);
}, 240_000);

describe('going live: stock, crop lots, buyers’ credits and a migrated loan (#36)', () => {
  it('30 stock lines in two stores are checked, imported and tie to the stock control account', async () => {
    const stores = [await makeStore(own.token), await makeStore(own.token)];
    const codes: string[] = [];
    for (const s of stores)
      codes.push(
        (await api<{ data: { code: string } }>('GET', `/inventory/stores/${s.id}`, undefined, own.token)).body
          .data.code,
      );
    const items: { code: string }[] = [];
    for (let i = 0; i < 15; i++) items.push(await makeItem(own.token, `Opening item ${i} ${tag()}`));
    // Line k (0..29): 10 + k units worth 1,000 (10 + k) + 500 k; their sum is what the trial
    // balance's stock account holds.
    const lines = items.flatMap((item, i) =>
      codes.map((store, s) => {
        const k = 2 * i + s;
        return { store, item: item.code, quantity: 10 + k, value: 1_000 * (10 + k) + 500 * k };
      }),
    );
    expect(lines).toHaveLength(30);
    const total = lines.reduce((sum, l) => sum + l.value, 0);
    const page = await openGoLive(own.browser, accountant, 'operation');
    await importSheet(
      page,
      /^Opening trial balance/,
      trialBalance('operation', [`1301,Farm inputs inventory,${total},`, `3102,Retained earnings,,${total}`]),
      /^Operation book/,
    );
    await importSheet(
      page,
      /^Stock on hand/,
      csv('stock.csv', [
        'store_code,item_code,quantity,value',
        ...lines.map((l) => `${l.store},${l.item},${l.quantity},${l.value}`),
      ]),
    );
    const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(total);
    await page
      .getByTestId('go-live-operation')
      .getByTestId('go-live-check')
      .getByText(shown)
      .first()
      .waitFor();
    const stock = (await checkOf(own.token, 'operation')).find((c) => c.controlBalance === `${total}.00`);
    expect(stock?.difference).toBe('0.00');
    await page.context().close();
  }, 240_000);

  it('a loan, an invoice, a credit and two crop lots come in; the lots are flagged; the next settlement recovers the loan', async () => {
    const crop = await cashewSeasonCrop(own.token);
    const season = crop.label.split(' · ')[0] ?? '';
    const amcosCode = `G${tag()}`;
    const society = (
      await must(
        api<{ data: { id: string; name: string } }>(
          'POST',
          '/amcos',
          { code: amcosCode, name: `Opening lots AMCOS ${tag()}` },
          own.token,
        ),
        'amcos',
      )
    ).data;
    const warehouseName = `Opening warehouse ${tag()}`;
    await createWarehouse(own.token, { name: warehouseName, operator: 'Opening Operators Ltd' });
    const farmer = await createFarmer(own.token, {
      amcosId: society.id,
      firstName: 'Deni',
      lastName: `Zamani ${tag()}`,
    });
    const buyer = await createBuyer(own.token, 'Opening Exporters');
    const [withFarmer, alone] = [`OLD-${tag()}`, `OLD-${tag()}`];
    const lotLine = (lot: string, rest: string) =>
      `${warehouseName},${lot},${amcosCode},${season},CASHEW,STD,${rest}`;

    const page = await openGoLive(own.browser, accountant, 'collection');
    // Loans 150,000; receivables 5,000,000 invoiced less 2,000,000 received unallocated.
    await importSheet(
      page,
      /^Opening trial balance/,
      trialBalance('collection', [
        '1201,Buyer receivables,3000000,',
        '1401,Farmer input loans,150000,',
        '3101,Collection fund balance,,3150000',
      ]),
      /^Collection book/,
    );
    await importSheet(
      page,
      /^Farmers' outstanding loans/,
      csv('loans.csv', [
        'farmer_no,source,date_given,amount,already_recovered',
        `${farmer.farmerNo},distribution,${openingDate},150000,0`,
      ]),
    );
    await importSheet(
      page,
      /^Buyers' unpaid invoices/,
      csv('buyer-invoices.csv', [
        'buyer_code,invoice_no,invoice_date,due_date,amount,already_paid',
        `${buyer.bidCode},OLD-INV-${tag()},${openingDate},,5000000,0`,
      ]),
    );
    await importSheet(
      page,
      /^Buyers' unallocated credits/,
      csv('buyer-credits.csv', [
        'buyer_code,reference,date_received,amount,already_allocated,bank_account_code',
        `${buyer.bidCode},OLD-RC-${tag()},${openingDate},2000000,0,1101`,
      ]),
    );
    await importSheet(
      page,
      /^Crop lots in warehouses/,
      csv('crop-lots.csv', [
        'warehouse,lot_no,amcos_code,season,crop_code,grade_code,bags,net_kg,farmer_no,farmer_bags,farmer_kg',
        lotLine(withFarmer, `10,800,${farmer.farmerNo},10,800`),
        lotLine(alone, '5,400,,,'),
      ]),
    );
    const check = page.getByTestId('go-live-collection').getByTestId('go-live-check');
    await check.getByText('3,000,000.00').first().waitFor();
    await check.getByText('150,000.00').first().waitFor();
    const ties = (await checkOf(own.token, 'collection')).filter((c) =>
      ['3000000.00', '150000.00'].includes(c.controlBalance),
    );
    expect(ties.map((c) => c.difference)).toEqual(['0.00', '0.00']);

    await page.context().close();

    // The auction warehouse marks both lots opening, the one without farmers as such.
    const warehouse = await signedIn(own.browser, manager);
    await warehouse.goto(`/collections/auction-warehouse?l_amcos_id=${society.id}`);
    const table = warehouse.getByTestId('lots-table');
    const rowOf = (lotNo: string) => table.getByRole('row').filter({ hasText: lotNo });
    await rowOf(alone).getByTestId('lot-flag-without-farmers').waitFor();
    expect(await rowOf(alone).getByTestId('lot-flag-opening').textContent()).toBe('Opening');
    expect(await rowOf(alone).getByTestId('lot-flag-without-farmers').textContent()).toBe('No farmer detail');
    expect(await rowOf(withFarmer).getByTestId('lot-flag-opening').textContent()).toBe('Opening');
    expect(await rowOf(withFarmer).getByTestId('lot-flag-without-farmers').count()).toBe(0);
    await warehouse.getByTestId('language-switch').click();
    await warehouse.getByTestId('language-option-sw').click();
    await rowOf(alone).getByText('Bila taarifa za wakulima').waitFor();
    await rowOf(alone).getByRole('button').first().click();
    const drawer = warehouse.getByTestId('lot-drawer');
    expect(await drawer.getByTestId('lot-flag-opening').textContent()).toBe('Salio la kuanzia');
    expect(await drawer.getByTestId('lot-flag-without-farmers').textContent()).toBe(
      'Bila taarifa za wakulima',
    );
    await warehouse.context().close();

    // The lot with the farmer is sold and paid for; the officer settles the society.
    const lots = await api<Listed<{ id: string; lotNo: string }>>(
      'GET',
      `/collections/lots?amcos_id=${society.id}`,
      undefined,
      own.token,
    );
    const lotId = lots.body.data.find((l) => l.lotNo === withFarmer)?.id ?? '';
    const sale = { seasonCropId: crop.seasonCropId, lotId, buyerId: buyer.id, pricePerKg: '2500.00' };
    await payInFull(own.token, buyer.id, await sellLot(own.token, sale));
    const settling = await signedIn(own.browser, officer);
    await settling.goto('/collections/payments/whr');
    await settling.getByTestId('settlements-table-create').click();
    const dialog = settling.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'AMCOS' }).click();
    await settling.getByRole('option', { name: society.name }).click();
    await dialog.getByTestId('settle-preview').click();
    const previewFarmers = dialog.getByTestId('preview-farmers');
    await previewFarmers.waitFor();
    expect(await previewFarmers.getByRole('row').filter({ hasText: farmer.farmerNo }).innerText()).toContain(
      '150,000.00',
    );
    const created = settling.waitForResponse(
      (r) => r.url().endsWith('/api/payments/settlements') && r.request().method() === 'POST',
    );
    await dialog.getByTestId('settle-save').click();
    expect((await created).status()).toBe(201);
    await settling.waitForURL(/\/collections\/payments\/whr\/[0-9a-f-]+\/details/);
    await settling.getByTestId('lots-split').waitFor();
    await settling.getByRole('tab', { name: 'Farmers' }).click();
    const farmersTable = settling.getByTestId('settlement-farmers');
    await farmersTable.getByText(farmer.farmerNo).waitFor();
    expect(await farmersTable.getByRole('row').filter({ hasText: farmer.farmerNo }).innerText()).toContain(
      '150,000.00',
    );
    await settling.context().close();
  }, 240_000);
});
