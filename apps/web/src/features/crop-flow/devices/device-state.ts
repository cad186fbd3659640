import type { WeighingDevice } from '@ushirika/contracts';
import {
  countWaiting,
  latestReceipts,
  type OfflineDb,
  openOfflineDb,
  type PackMeta,
  type QueuedReceipt,
  readDevice,
  readPack,
  readSync,
} from './offline-store.ts';

export type OfflineState = {
  device: WeighingDevice | null;
  pack: PackMeta | null;
  waiting: number;
  lastSyncAt: string | null;
  recent: QueuedReceipt[];
};

export const EMPTY_DEVICE_STATE: OfflineState = {
  device: null,
  pack: null,
  waiting: 0,
  lastSyncAt: null,
  recent: [],
};

/** What the device holds but its farmers, as the screen shows it. */
export async function readDeviceState(db: OfflineDb): Promise<OfflineState> {
  const meta = await readDevice(db);
  const [pack, waiting, sync, recent] = await Promise.all([
    readPack(db),
    countWaiting(db),
    readSync(db),
    latestReceipts(db, 20),
  ]);
  return { device: meta?.device ?? null, pack, waiting, lastSyncAt: sync.lastSyncAt, recent };
}

/** What was read ahead; each part is taken once (then null). */
export type ReadAhead = {
  db: Promise<OfflineDb> | null;
  state: Promise<OfflineState> | null;
  /** The state once read: the screen's first render shows it, without a loading render first. */
  stateRead: OfflineState | null;
};
let early: ReadAhead | null = null;

/**
 * Starts reading the device when the weighing screen is the page's first screen (the installed
 * app's start, #29), while the app's scripts still load. The farmers are not read ahead: their
 * parse would compete with the chunks' evaluation (measured slower, OPERATIONS §11).
 */
export function prefetchDeviceState(): void {
  if (early) return;
  const db = openOfflineDb();
  const state = db.then(readDeviceState);
  const ahead: ReadAhead = { db, state, stateRead: null };
  state.then(
    (read) => {
      ahead.stateRead = read;
    },
    // A failure here is read again by the screen; nothing is left unhandled meanwhile.
    () => undefined,
  );
  early = ahead;
}

/** What prefetchDeviceState started, for the screen's first reads; null if none or already taken. */
export function takeReadAhead(): ReadAhead | null {
  const taken = early;
  early = null;
  return taken;
}

/** A part read ahead, taken once: null when none was started or it was already taken. */
export function takePart<K extends 'db' | 'state'>(ahead: ReadAhead | null, key: K): ReadAhead[K] | null {
  const kept = ahead?.[key] ?? null;
  if (ahead) ahead[key] = null;
  return kept;
}

/** The part read ahead, else (or if it failed) read now. */
export const aheadOr = <T>(kept: Promise<T> | null, read: () => Promise<T>): Promise<T> =>
  kept ? kept.catch(read) : read();
