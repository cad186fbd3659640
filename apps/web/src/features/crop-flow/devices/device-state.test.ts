import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { weighingDevice } from './device-fixtures.ts';
import { aheadOr, prefetchDeviceState, readDeviceState, takePart, takeReadAhead } from './device-state.ts';
import { openOfflineDb, saveDevice } from './offline-store.ts';

const device = weighingDevice({
  id: '0190a000-0000-7000-8000-0000000000d1',
  amcosId: '0190a000-0000-7000-8000-0000000000a1',
  code: 'D07',
  label: 'Scale 7',
});

describe('the weighing device read ahead of its screen (#29)', () => {
  it('reads what the device holds once, for the first reads only', async () => {
    const db = await openOfflineDb();
    await saveDevice(db, { device, clerkId: 'clerk-1' });
    prefetchDeviceState();
    const ahead = takeReadAhead();
    expect(takeReadAhead()).toBeNull();
    const state = takePart(ahead, 'state');
    expect(state).not.toBeNull();
    expect(await state).toEqual(await readDeviceState(db));
    expect((await state)?.device?.code).toBe('D07');
    // Once read, the screen's first render can show it at once.
    expect(ahead?.stateRead).toBe(await state);
    expect(takePart(ahead, 'state')).toBeNull();
    expect(takePart(null, 'db')).toBeNull();
    (await takePart(ahead, 'db'))?.close();
    db.close();
  });

  it('reads again what failed ahead, and reads now when nothing was read ahead', async () => {
    const failed = Promise.reject(new Error('blocked'));
    failed.catch(() => undefined);
    expect(await aheadOr(failed, async () => 'read now')).toBe('read now');
    expect(await aheadOr(null, async () => 'read now')).toBe('read now');
    expect(await aheadOr(Promise.resolve('ahead'), async () => 'read now')).toBe('ahead');
  });
});
