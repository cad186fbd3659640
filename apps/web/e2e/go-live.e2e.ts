import { beforeAll, describe, expect, it } from 'vitest';
import { createFarmer, type Farmer, tag } from './crop-flow-fixtures.ts';
import {
  createOpeningAccounts,
  csv,
  goLive,
  importSheet,
  openGoLive,
  openingDate,
  setGoLive,
  trialBalance,
} from './go-live-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import { makeItem, makeStore, makeSupplier } from './purchase-fixtures.ts';
import { type Buyer, createBuyer } from './sales-fixtures.ts';
import { api, createAmcos, createUser, must, signedIn } from './support.ts';

/**
 * Going live mid-life (#36) in the browser: an accountant sets each book's go-live date and
 * opening-balances account, checks and imports the opening trial balance and the sub-ledgers that
 * tie to it (stock, 3 suppliers' unpaid invoices and bank balances in the Operation book, in
 * English; 50 farmers' loans, 10 buyers' unpaid invoices and bank balances in the Collection book,
 * in Swahili), reads the go-live check at 0.00 and goes live; the control accounts report then
 * shows 0.00 everywhere. Going live forbids postings before its date for every user, so
 * this file runs on a server of its own.
 */
let accountant: { email: string; password: string };
const own = onOwnServer();
beforeAll(async () => {
  accountant = await createUser(own.token, 'Accountant');
  await createOpeningAccounts(own.token);
}, 240_000);

describe('going live through the screens (#36)', () => {
  it('the Operation book, in English: trial balance, stock, suppliers’ invoices and bank balances tie; it goes live', async () => {
    const store = await makeStore(own.token);
    const storeCode = (
      await api<{ data: { code: string } }>('GET', `/inventory/stores/${store.id}`, undefined, own.token)
    ).body.data.code;
    const items = [await makeItem(own.token, 'Opening sulphur'), await makeItem(own.token, 'Opening bags')];
    const suppliers: { id: string; name: string }[] = [];
    for (const name of ['Yara', 'Balton', 'Bajuta'])
      suppliers.push(await makeSupplier(own.token, `${name} ${tag()}`));
    // The share capital of 15,000,000 is the union's members' (#32): the member register brings
    // them in with the shares they paid before going live (nothing is posted for those).
    for (const [i, shares] of ['9000000', '6000000'].entries()) {
      const member = await createAmcos(own.token, `Member AMCOS ${i} ${tag()}`);
      await must(
        api(
          'POST',
          '/members',
          {
            society: 'union',
            memberAmcosId: member.id,
            joinedOn: openingDate,
            sharesSubscribed: shares,
            openingSharesPaid: shares,
          },
          own.token,
        ),
        `union member ${i}`,
      );
    }
    const page = await openGoLive(own.browser, accountant, 'operation');

    // 20 accounts. Bank 7,500,000 + petty cash 250,000 + stock 3,600,000 + 450,000 = 11,800,000 =
    // suppliers 1,200,000 + (800,000 - 300,000 paid) + 2,000,000 + 300,000 = 4,000,000 + reserve
    // 7,800,000; the other debits (51,840,000) exceed the other credits (47,120,000) by the
    // retained earnings, 4,720,000.
    await importSheet(
      page,
      /^Opening trial balance/,
      trialBalance('operation', [
        '1101,Operation bank account,7500000,',
        '1102,Petty cash,250000,',
        '1202,Staff advances,150000,',
        '1301,Farm inputs inventory,4050000,',
        '1302,Packaging and gunny bags,350000,',
        '1501,Motor vehicles,45000000,',
        '1502,Office furniture and equipment,3200000,',
        '2101,Supplier payables,,4000000',
        '2302,PAYE and statutory deductions,,420000',
        '2401,Bank loans,,20000000',
        '3101,Members share capital,,15000000',
        '3102,Retained earnings,,4720000',
        '3103,General reserve,,7800000',
        '4101,Union levy income,,9000000',
        '4102,Commission on crop sales,,2500000',
        '4201,Interest income,,80000',
        '4202,Other income,,120000',
        '5101,Office rent,1800000,',
        '5102,Electricity and water,240000,',
        '5103,Fuel and transport,1100000,',
      ]),
      /^Operation book/,
    );
    const [yara, balton, bajuta] = suppliers.map((s) => s.name);
    await importSheet(
      page,
      /^Suppliers' unpaid invoices/,
      csv('supplier-invoices.csv', [
        'supplier_code,invoice_no,invoice_date,due_date,amount,already_paid',
        `${yara},Y-101,${openingDate},,1200000,0`,
        `${yara},Y-102,${openingDate},,800000,300000`,
        `${balton},B-7,${openingDate},,2000000,`,
        `${bajuta},BJ-3,${openingDate},,300000,0`,
      ]),
    );
    await importSheet(
      page,
      /^Stock on hand/,
      csv('stock.csv', [
        'store_code,item_code,quantity,value',
        `${storeCode},${items[0]?.code},120,3600000`,
        `${storeCode},${items[1]?.code},900,450000`,
      ]),
    );
    await importSheet(
      page,
      /^Bank balances/,
      csv('banks.csv', ['account_code,balance', '1101,7500000', '1102,250000']),
      /^Operation book/,
    );
    const check = page.getByTestId('go-live-operation').getByTestId('go-live-check');
    await check.getByText('4,050,000.00').first().waitFor();
    await check.getByText('4,000,000.00').first().waitFor();
    await goLive(page, 'operation');
    expect(await page.getByTestId('go-live-operation').getByTestId('go-live-status').textContent()).toBe(
      'Live',
    );
    await page.context().close();
  }, 240_000);

  it('the Collection book, in Swahili (50 loans, 10 buyers’ invoices); then the control accounts show 0.00 everywhere', async () => {
    const society = await createAmcos(own.token, `Opening AMCOS ${tag()}`);
    const farmers: Farmer[] = [];
    for (let i = 0; i < 50; i++)
      farmers.push(
        await createFarmer(own.token, {
          amcosId: society.id,
          firstName: 'Mkopo',
          lastName: `Mkulima ${tag()}`,
        }),
      );
    const buyers: Buyer[] = [];
    for (const name of ['Olam', 'ETG', 'Export Trading']) buyers.push(await createBuyer(own.token, name));
    // 50 loans: farmer i owes 100,000 + 1,000 i (5,000,000 + 1,225,000), every fifth repaid
    // 20,000 already (200,000): 6,025,000. 10 invoices: 1,000,000 + 100,000 i (10,000,000 +
    // 4,500,000), the fourth paid 500,000: 14,000,000. Bank 2,000,000. Fund 22,025,000.
    const loans = farmers.map(
      (f, i) =>
        `${f.farmerNo},${i % 2 === 0 ? 'distribution' : 'cash_advance'},${openingDate},${100_000 + 1_000 * i},${i % 5 === 0 ? 20_000 : 0}`,
    );
    const invoices = Array.from(
      { length: 10 },
      (_, i) =>
        `${buyers[i % 3]?.bidCode},OLD-${tag()}-${i},${openingDate},,${1_000_000 + 100_000 * i},${i === 3 ? 500_000 : 0}`,
    );
    const page = await signedIn(own.browser, accountant);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await page.goto('/account/settings/go-live');
    await setGoLive(page, 'collection');
    await importSheet(
      page,
      /^Urari wa hesabu wa kuanzia/,
      trialBalance('collection', [
        '1101,Crop collection bank account,2000000,',
        '1201,Buyer receivables,14000000,',
        '1401,Farmer input loans,6025000,',
        '3101,Collection fund balance,,22025000',
      ]),
      /Makusanyo/,
    );
    await importSheet(
      page,
      /^Mikopo ya wakulima ambayo haijarejeshwa/,
      csv('loans.csv', ['farmer_no,source,date_given,amount,already_recovered', ...loans]),
    );
    await importSheet(
      page,
      /^Ankara za wanunuzi ambazo hazijalipwa/,
      csv('buyer-invoices.csv', [
        'buyer_code,invoice_no,invoice_date,due_date,amount,already_paid',
        ...invoices,
      ]),
    );
    const check = page.getByTestId('go-live-collection').getByTestId('go-live-check');
    await check.getByText('14,000,000.00').first().waitFor();
    await check.getByText('6,025,000.00').first().waitFor();
    await importSheet(
      page,
      /^Salio za benki/,
      csv('collection-banks.csv', ['account_code,balance', '1101,2000000']),
      /Makusanyo/,
    );
    await goLive(page, 'collection');
    expect(await page.getByTestId('go-live-collection').getByTestId('go-live-status').textContent()).toBe(
      'Kimeanza rasmi',
    );
    const report = await api<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      undefined,
      own.token,
    );
    expect(report.body.data.checks.length).toBeGreaterThan(0);
    expect(report.body.data.checks.filter((c) => c.difference !== '0.00')).toEqual([]);
    await page.context().close();
  }, 240_000);
});
