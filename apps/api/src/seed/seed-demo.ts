/**
 * `npm run seed:demo`: loads a small demo union into the database the server uses (DATA_DIR or
 * DATABASE_URL, read the same way as main.ts), after migrating and bootstrapping it. Safe to run
 * again. With the embedded database the server must be stopped first: PGlite is single-process.
 */
import { sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { bootstrap, type FirstAdmin } from '../modules/system/bootstrap.ts';
import { dataDirInUse } from './data-dir-in-use.ts';
import { loadDemoAccounts } from './demo-accounts.ts';
import { loadDemoCropFlow } from './demo-crop-flow.ts';
import { loadDemoDevice } from './demo-devices.ts';
import { loadDemoFarmBoundaries } from './demo-farm-boundaries.ts';
import { loadDemoInputs } from './demo-inputs.ts';
import { loadDemoMasterData } from './demo-master-data.ts';
import { loadDemoMembers } from './demo-members.ts';
import { loadDemoPayouts } from './demo-payouts.ts';
import { loadDemoPurchase } from './demo-purchase.ts';
import { type DemoSales, loadDemoSales, shillings } from './demo-sales.ts';
import { loadDemoStores } from './demo-stores.ts';
import { DEMO_PASSWORD, type DemoAccount, findAdministratorId, loadDemoUnion } from './demo-union.ts';

class SeedStopped extends Error {}

function refuseIfDataDirInUse(config: Config): void {
  if (config.databaseUrl) return;
  const use = dataDirInUse(config.dataDir);
  if (!use.inUse) {
    if (use.stalePidFile) {
      console.log(
        `Note: ${config.dataDir} was not closed cleanly last time (no process holds it now); going on.`,
      );
    }
    return;
  }
  const who = use.holders.map((h) => `  pid ${h.pid}: ${h.command}`).join('\n');
  throw new SeedStopped(
    [
      `The embedded database in ${config.dataDir} is in use by another process${who ? `:\n${who}` : '.'}`,
      'The embedded database (PGlite) can be open in one process only. Stop the Ushirika server',
      '(Ctrl+C where `npm start` or `npm run dev` runs) and run `npm run seed:demo` again.',
      ...(who
        ? []
        : [
            `If no server is running, the last one did not close cleanly: delete ${config.dataDir}/postmaster.pid.`,
          ]),
    ].join('\n'),
  );
}

/** The driver's own words: drizzle wraps them in "Failed query: ..." with the cause inside. */
function describeError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof AggregateError && cause.errors[0] instanceof Error) return cause.errors[0].message;
  return cause instanceof Error ? cause.message || cause.name : String(cause);
}

/** Opens the database and proves it answers, so a wrong DATABASE_URL stops with one clear line. */
async function openConfiguredDatabase(config: Config): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    await database.db.execute(sql`select 1`);
    return database;
  } catch (error) {
    await database?.close().catch(() => {});
    const reason = describeError(error);
    const where = config.databaseUrl
      ? 'the PostgreSQL server in DATABASE_URL'
      : `the embedded database in ${config.dataDir}`;
    throw new SeedStopped(`Could not open ${where}: ${reason}`);
  }
}

function printAccounts(accounts: DemoAccount[], firstAdmin: FirstAdmin | null): void {
  const header: DemoAccount = {
    role: 'Role',
    name: 'Name',
    email: 'Email',
    amcos: 'AMCOS',
    status: 'created',
  };
  const columns = ['role', 'name', 'email', 'amcos'] as const;
  const widths = columns.map((c) => Math.max(...[header, ...accounts].map((a) => a[c].length)));
  const line = (a: DemoAccount, status: string) =>
    `  ${columns.map((c, i) => a[c].padEnd(widths[i] ?? 0)).join('  ')}  ${status}`.trimEnd();
  console.log('\nDemo accounts:\n');
  console.log(line(header, 'Status'));
  console.log(`  ${'-'.repeat(widths.reduce((sum, w) => sum + w + 2, 0) + 'Status'.length)}`);
  for (const account of accounts) console.log(line(account, account.status));
  console.log(`\nPassword for every demo account: ${DEMO_PASSWORD}`);
  console.log('Each demo user is asked to change it at first sign-in.');
  if (accounts.some((a) => a.status !== 'created')) {
    console.log('Accounts that were already there were left unchanged (their password may differ).');
  }
  if (firstAdmin) {
    const password = firstAdmin.generated ? firstAdmin.password : 'the password in ADMIN_PASSWORD';
    console.log(`\nThe database was empty: the first administrator is ${firstAdmin.email} with ${password}.`);
    if (firstAdmin.generated) console.log('That password is shown only once.');
  }
  console.log('\nSign-in sends a one-time code by SMS: without an SMS gateway (SMS_GATEWAY_URL) the code');
  console.log('is printed on the server console, where `npm start` or `npm run dev` runs.\n');
}

function describeSales(sales: DemoSales): string {
  const buyers = sales.buyersAdded > 0 ? `${sales.buyersAdded} buyers added; ` : '';
  if (sales.skipped) return `Sales: ${buyers}left as they were (${sales.reason}).`;
  const { auctions, settlement: s } = sales;
  const sold = auctions.reduce((n, a) => n + a.sold, 0);
  const returned = auctions.reduce((n, a) => n + a.returned, 0);
  const invoices = auctions.reduce((n, a) => n + a.invoices, 0);
  const invoiced = sum(auctions.map((a) => a.invoiced)).toFixed(2);
  const settled = s
    ? `settlement ${s.settlementNo} of ${s.lots} lots approved (farmers' net ${shillings(s.farmersNet)}); ` +
      `payment batches: ${sales.batches}`
    : 'nothing paid to settle';
  return (
    `Sales: ${buyers}${auctions.length} auctions closed (${auctions[0]?.auctionNo} to ${auctions.at(-1)?.auctionNo}): ` +
    `${sold} lots sold, ${returned} back in store; ${invoices} invoices, ${shillings(invoiced)}; ` +
    `${sales.receipts} receipts, ${shillings(sales.received)} (${shillings(sales.credit)} kept as credit); ` +
    `${sales.releaseNotes} release notes; ${settled}.`
  );
}

async function seedDemo(): Promise<void> {
  const config = loadConfig();
  refuseIfDataDirInUse(config);
  const database = await openConfiguredDatabase(config);
  try {
    const where =
      database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    console.log(`Seeding the demo union into the ${where}...`);
    await database.migrate();
    const firstAdmin = await bootstrap(database.db, config);
    const accounts = await loadDemoUnion(database.db);
    const master = await loadDemoMasterData(database.db, await findAdministratorId(database.db));
    const cropFlow = await loadDemoCropFlow(database.db, await findAdministratorId(database.db));
    // After the crop flow (which stays away from a season that already has collections).
    const device = await loadDemoDevice(database.db);
    const boundaries = await loadDemoFarmBoundaries(database.db, await findAdministratorId(database.db));
    // Stores and farmer inputs before the sales: the settlements recover the inputs' loans.
    const stores = await loadDemoStores(database.db);
    const inputs = await loadDemoInputs(database.db);
    const sales = await loadDemoSales(database.db);
    const purchase = await loadDemoPurchase(database.db, stores);
    const books = await loadDemoAccounts(database.db);
    const members = await loadDemoMembers(database.db);
    // After the sales: the farmers' lines the bank refused are paid again through the simulator.
    const payouts = await loadDemoPayouts(database.db, config);
    printAccounts(accounts, firstAdmin);
    console.log(
      `Master data: ${master.societies} AMCOS; ${master.farmersCreated} farmers added (${master.farmersKept} already there); ` +
        `season 2026/2027 open with cashew and sesame; ${master.rules} deduction rules added.`,
    );
    console.log(
      cropFlow.skipped
        ? `Crop flow: left as it was (${cropFlow.collections} collections in the season).`
        : `Crop flow: ${cropFlow.collections} collections, ${cropFlow.notes} delivery notes and ${cropFlow.lots} lots in store added.`,
    );
    console.log(
      device.skipped
        ? 'Weighing device: left as it was.'
        : `Weighing device: ${device.device} registered at Mkuranga AMCOS with weighing limits; ${device.stored} offline receipts synced and stored, ${device.flagged} kept for the manager's review (above the limits).`,
    );
    console.log(
      boundaries.lotNo
        ? `Origin: ${boundaries.farms} farms of lot ${boundaries.lotNo}'s farmers given a boundary (its geolocation file can be made).`
        : 'Origin: no lot to draw farm boundaries for.',
    );
    console.log(describeSales(sales));
    console.log(
      inputs.skipped
        ? 'Farmer inputs: left as they were.'
        : `Farmer inputs: sulphur priced for the season; ${inputs.requests} requests, ${inputs.distributions} issued from the AMCOS stores (loans ${inputs.loans}).`,
    );
    console.log(
      stores.skipped
        ? 'Stores: left as they were.'
        : `Stores: ${stores.stores} stores, ${stores.items} items, ${stores.grns} GRN, ${stores.transfers} transfers to AMCOS (one in transit), ${stores.issues} issues.`,
    );
    console.log(
      purchase.skipped
        ? 'Purchasing: left as it was.'
        : `Purchasing: ${purchase.suppliers} suppliers, ${purchase.orders} orders (two approved and received in full or in part, one submitted), ${purchase.invoices} invoices (one matched and paid, one waiting for approval), ${purchase.payments} payment.`,
    );
    console.log(
      books.skipped
        ? 'Accounts: left as they were.'
        : `Accounts: ${books.vouchers} vouchers approved (interest and bank charges on the collection account, salaries, rent), so the year's statements have figures in both books.`,
    );
    console.log(
      members.skipped
        ? 'Members: left as they were.'
        : `Members: ${members.unionMembers} AMCOS in the union's register, 500,000 of shares paid each (posted to share capital); ${members.farmerMembers} Mkuranga farmers in their AMCOS's register.` +
            (members.secondPayment
              ? ` Second payment ${members.secondPayment.paymentNo} to Mkuranga's farmers approved: ${members.secondPayment.lines} lines, ${shillings(members.secondPayment.total)} (its batch a draft). No appropriation: the demo has no closed year.`
              : ''),
    );
    console.log(
      `Payouts: the simulator ${payouts.configured ? 'set up in the payout settings, paying mobile money and bank accounts' : 'already set up'}; ` +
        (payouts.skipped
          ? `nothing sent (${payouts.reason}).`
          : `batch ${payouts.batchNo} (${payouts.lines} farmers' lines the bank had refused) sent through it: ${payouts.status}.`),
    );
  } finally {
    await database.close();
  }
}

seedDemo().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SeedStopped) {
    console.error(error.message);
  } else {
    console.error('The demo seed failed:', error);
  }
  process.exit(1);
});
