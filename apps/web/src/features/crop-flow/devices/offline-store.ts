import type {
  DevicePack,
  OfflineReceiptInput,
  PackFarmer,
  SyncResult,
  WeighingDevice,
} from '@ushirika/contracts';
import { firstFreeNumber, formatReceiptNo } from '@ushirika/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import {
  type FarmerIndex,
  farmerIndex,
  type KeptFarmerIndex,
  keptFarmerIndex,
  readyFarmerIndex,
} from './farmer-search.ts';

/**
 * What a weighing device keeps in IndexedDB (#29), through `idb`: the device's registration and
 * blocks, its society's pack (farmers, season crops, limits), the next number per season, and the
 * receipts it weighed. A receipt is written here, with its number taken in the same transaction,
 * before the clerk sees it: a reload, a closed tab, a crash or a flat battery after that loses
 * nothing. Nothing here needs the network.
 */

/** What the receipt shows beside the figures the server gets: names as the device printed them. */
export type ReceiptPrint = {
  amcosName: string;
  farmerName: string;
  cropName: string;
  seasonName: string;
  gradeCode: string;
  gradeName: string;
  clerkName: string;
};

export type QueuedReceipt = {
  clientId: string;
  body: OfflineReceiptInput;
  print: ReceiptPrint;
  /**
   * `waiting` until the server answered for it; then what it said. `rejected`: the server kept
   * nothing of it (ids it never had, a receipt another device sent); it stays here with the
   * server's words and is not sent again.
   */
  state: 'waiting' | 'stored' | 'flagged' | 'rejected';
  reasonCode: string | null;
  reason?: string | null;
  savedAt: string;
  answeredAt: string | null;
};

export type DeviceMeta = { device: WeighingDevice; clerkId: string };
export type PackMeta = Omit<DevicePack, 'farmers'> & { farmerCount: number; refreshedAt: string };
export type SyncMeta = { lastSyncAt: string | null };

interface OfflineSchema extends DBSchema {
  meta: { key: string; value: unknown };
  farmers: { key: string; value: PackFarmer };
  receipts: { key: string; value: QueuedReceipt; indexes: { state: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;
export const OFFLINE_DB = 'ushirika-offline';

export function openOfflineDb(name = OFFLINE_DB): Promise<OfflineDb> {
  return openDB<OfflineSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('farmers', { keyPath: 'id' });
      db.createObjectStore('receipts', { keyPath: 'clientId' }).createIndex('state', 'state');
    },
  });
}

const numbersKey = (seasonId: string) => `next:${seasonId}`;

export const readDevice = async (db: OfflineDb) =>
  ((await db.get('meta', 'device')) as DeviceMeta | undefined) ?? null;
export const readPack = async (db: OfflineDb) =>
  ((await db.get('meta', 'pack')) as PackMeta | undefined) ?? null;
export const readSync = async (db: OfflineDb) =>
  ((await db.get('meta', 'sync')) as SyncMeta | undefined) ?? { lastSyncAt: null };

export async function saveDevice(db: OfflineDb, meta: DeviceMeta): Promise<void> {
  await db.put('meta', meta, 'device');
}

/** The earlier versions' farmers: one JSON text (read only when no index is kept). */
const FARMERS_KEY = 'farmers';
const FARMER_INDEX_KEY = 'farmer-index';

/**
 * The society's pack replaces the one kept, in one transaction. Its farmers are kept as their
 * search index, made here once (an opening then only reads it: #29's opening); the earlier
 * versions' `farmers` store and JSON text are emptied.
 */
export async function savePack(db: OfflineDb, pack: DevicePack): Promise<void> {
  const { farmers: list, ...rest } = pack;
  const index = keptFarmerIndex(list);
  const tx = db.transaction(['meta', 'farmers'], 'readwrite');
  void tx.objectStore('farmers').clear();
  const meta = tx.objectStore('meta');
  void meta.delete(FARMERS_KEY);
  void meta.put(index, FARMER_INDEX_KEY);
  void meta.put({ ...rest, farmerCount: list.length, refreshedAt: new Date().toISOString() }, 'pack');
  await tx.done;
}

/** The farmers kept, ready to search; a pack kept by an earlier version is indexed from its farmers. */
export async function readFarmerIndex(db: OfflineDb): Promise<FarmerIndex> {
  const kept = (await db.get('meta', FARMER_INDEX_KEY)) as KeptFarmerIndex | undefined;
  if (kept) return readyFarmerIndex(kept);
  const earlier = await db.get('meta', FARMERS_KEY);
  return farmerIndex(
    typeof earlier === 'string' ? (JSON.parse(earlier) as PackFarmer[]) : await db.getAll('farmers'),
  );
}

/** The next number of a season this device would give (1 before its first receipt). */
export async function nextNumberOf(db: OfflineDb, seasonId: string): Promise<number> {
  return ((await db.get('meta', numbersKey(seasonId))) as number | undefined) ?? 1;
}

export class NoNumbersLeft extends Error {}

/**
 * Keeps a weighed receipt: takes the device's next issued number of the season and writes the
 * receipt with it, in ONE transaction (two tabs of one device never give one number twice, and a
 * number is used once whatever happens after). Answers the receipt as kept.
 */
export async function saveReceipt(
  db: OfflineDb,
  draft: Omit<OfflineReceiptInput, 'receiptNo'> & { seasonId: string },
  print: ReceiptPrint,
): Promise<QueuedReceipt> {
  const meta = await readDevice(db);
  if (!meta) throw new Error('This device is not registered');
  const { device } = meta;
  const blocks = device.blocks.filter((b) => b.seasonId === draft.seasonId);
  const tx = db.transaction(['meta', 'receipts'], 'readwrite');
  const store = tx.objectStore('meta');
  const next = ((await store.get(numbersKey(draft.seasonId))) as number | undefined) ?? 1;
  const n = firstFreeNumber(blocks, next);
  const year = blocks[0]?.year;
  if (n === null || year === undefined) {
    void tx.done.catch(() => undefined);
    tx.abort();
    throw new NoNumbersLeft('No receipt numbers left on this device: connect to the network to get more');
  }
  const { seasonId, ...fields } = draft;
  const receipt: QueuedReceipt = {
    clientId: draft.clientId,
    body: { ...fields, receiptNo: formatReceiptNo(device.amcosCode, device.code, year, n) },
    print,
    state: 'waiting',
    reasonCode: null,
    savedAt: new Date().toISOString(),
    answeredAt: null,
  };
  void store.put(n + 1, numbersKey(seasonId));
  void tx.objectStore('receipts').add(receipt);
  await tx.done;
  return receipt;
}

/** The receipts still to send, oldest first (a ULID sorts by the time it was made). */
export async function waitingReceipts(
  db: OfflineDb,
  limit = Number.POSITIVE_INFINITY,
): Promise<QueuedReceipt[]> {
  const waiting = await db.getAllFromIndex('receipts', 'state', 'waiting');
  return waiting.sort((a, b) => (a.clientId < b.clientId ? -1 : 1)).slice(0, limit);
}

export const countWaiting = (db: OfflineDb) => db.countFromIndex('receipts', 'state', 'waiting');

/** The server's answers: each receipt it answered for leaves the queue (stored, kept for review, or refused). */
export async function applyResults(db: OfflineDb, results: readonly SyncResult[]): Promise<void> {
  const tx = db.transaction(['receipts', 'meta'], 'readwrite');
  const store = tx.objectStore('receipts');
  const at = new Date().toISOString();
  for (const result of results) {
    const receipt = await store.get(result.clientId);
    if (receipt?.state !== 'waiting') continue;
    const flagged = result.outcome === 'flagged' || result.reasonCode !== null;
    await store.put({
      ...receipt,
      state: result.outcome === 'rejected' ? 'rejected' : flagged ? 'flagged' : 'stored',
      reasonCode: result.reasonCode,
      reason: result.reason,
      answeredAt: at,
    });
  }
  await tx.objectStore('meta').put({ lastSyncAt: at } satisfies SyncMeta, 'sync');
  await tx.done;
}

/** The device's latest receipts (for reprinting), newest first. */
export async function latestReceipts(db: OfflineDb, limit = 20): Promise<QueuedReceipt[]> {
  const all = await db.getAll('receipts');
  return all.sort((a, b) => (a.clientId < b.clientId ? 1 : -1)).slice(0, limit);
}

/** The next unused number of every season the device has blocks for (the server tops them up). */
export async function nextNumbers(db: OfflineDb): Promise<{ seasonId: string; next: number }[]> {
  const meta = await readDevice(db);
  const seasons = [...new Set(meta?.device.blocks.map((b) => b.seasonId) ?? [])];
  return Promise.all(seasons.map(async (seasonId) => ({ seasonId, next: await nextNumberOf(db, seasonId) })));
}

/**
 * Sign-out's clearing (after the clerk confirms): the society's farmers and season data leave the
 * device. The registration, the numbers and every receipt stay: a waiting one is never lost.
 */
export async function clearSocietyData(db: OfflineDb): Promise<void> {
  const tx = db.transaction(['meta', 'farmers'], 'readwrite');
  await tx.objectStore('farmers').clear();
  await tx.objectStore('meta').delete(FARMERS_KEY);
  await tx.objectStore('meta').delete(FARMER_INDEX_KEY);
  await tx.objectStore('meta').delete('pack');
  await tx.done;
}
