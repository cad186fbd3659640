import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { loadDemoInputs } from './demo-inputs.ts';
import { loadDemoMasterData } from './demo-master-data.ts';
import { loadDemoStores } from './demo-stores.ts';
import { findAdministratorId, loadDemoUnion } from './demo-union.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await makeUser(t, 'Administrator');
  await loadDemoUnion(t.db);
  await loadDemoMasterData(t.db, await findAdministratorId(t.db));
  await loadDemoStores(t.db);
}, 240_000);
afterAll(() => t.close());

describe('demo farmer inputs', () => {
  it('prices sulphur, records, approves and issues requests in the two stocked AMCOS; a second run changes nothing', async () => {
    const first = await loadDemoInputs(t.db);
    // Per society: 2 + 3 (subsidised) + 4 + 2 bags issued, the fifth request waits for the union.
    // Loans: 2 x 65,000 + 3 x 20,000 + 4 x 65,000 + 2 x 65,000 = 580,000 per society.
    expect(first).toEqual({ skipped: false, prices: 1, requests: 10, distributions: 8, loans: '1160000.00' });
    const statuses = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from input_requests group by status order by status`,
    );
    expect(statuses).toEqual([
      { status: 'amcos_approved', n: 2 },
      { status: 'distributed', n: 8 },
    ]);
    expect((await loadDemoInputs(t.db)).skipped).toBe(true);
  });
});
