import { loadDemoCropFlow } from '../src/seed/demo-crop-flow.ts';
import { loadDemoMasterData } from '../src/seed/demo-master-data.ts';
import { loadDemoStores } from '../src/seed/demo-stores.ts';
import { findAdministratorId, loadDemoUnion } from '../src/seed/demo-union.ts';
import { makeUser, startTestApp, type TestApp } from './harness.ts';

/**
 * A test app with the demo union loaded, for the demo seed tests. An administrator exists first:
 * the seed acts as the first administrator, as after bootstrap.
 */
export async function startDemoUnion(): Promise<TestApp> {
  const t = await startTestApp();
  await makeUser(t, 'Administrator');
  await loadDemoUnion(t.db);
  return t;
}

/** The demo union with its master data, the seed's first steps (seed-demo.ts). */
export async function startDemoMasterData(): Promise<TestApp> {
  const t = await startDemoUnion();
  await loadDemoMasterData(t.db, await findAdministratorId(t.db));
  return t;
}

/** Then, in the seed's order, the crop in lots and the stores. */
export async function startDemoCropAndStores(): Promise<TestApp> {
  const t = await startDemoMasterData();
  await loadDemoCropFlow(t.db, await findAdministratorId(t.db));
  await loadDemoStores(t.db);
  return t;
}
