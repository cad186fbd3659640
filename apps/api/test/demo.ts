import { loadDemoUnion } from '../src/seed/demo-union.ts';
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
