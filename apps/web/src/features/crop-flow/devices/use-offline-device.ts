import type { RegisterDeviceBody, WeighingDevice } from '@ushirika/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, refreshTokens } from '../../../lib/api.ts';
import { getAccessToken, useSession } from '../../../lib/session.ts';
import { askBackgroundSync } from './background-sync.ts';
import {
  aheadOr,
  EMPTY_DEVICE_STATE,
  type OfflineState,
  readDeviceState,
  takePart,
  takeReadAhead,
} from './device-state.ts';
import type { FarmerIndex } from './farmer-search.ts';
import {
  clearSocietyData,
  countWaiting,
  type OfflineDb,
  openOfflineDb,
  readDevice,
  readFarmerIndex,
  saveDevice,
  savePack,
  saveReceipt,
} from './offline-store.ts';
import {
  type Credentials,
  fetchPack,
  httpSend,
  OfflineCallError,
  OUTBOX_SYNC_TAG,
  syncQueue,
  withOutboxLock,
} from './offline-sync.ts';

const credentials: Credentials = { token: getAccessToken, refresh: refreshTokens };

/** Whether the browser says it has a network, following its online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export type SyncProblem = OfflineCallError['kind'] | null;

/** Calls `reload` when the service worker has synced the outbox (Background Sync). */
function useOutboxSynced(reload: () => Promise<void>) {
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_TAG) void reload();
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [reload]);
}

/**
 * The weighing device in the page (#29): what IndexedDB holds (registration, pack, queue), kept in
 * React state; registering, refreshing the pack, saving a receipt and syncing. Sync runs when the
 * page opens, when the network returns and on "Sync now"; one at a time, and never beside the
 * service worker's Background Sync of the same outbox (one outbox lock), which is asked for while
 * receipts wait (background-sync.ts).
 */
export function useOfflineDevice() {
  const { user } = useSession();
  const online = useOnline();
  const dbRef = useRef<OfflineDb | null>(null);
  /** Read ahead when this is the page's first screen (device-state.ts), taken by the first reads. */
  const ahead = useRef(takeReadAhead());
  const [state, setState] = useState<OfflineState>(() => ahead.current?.stateRead ?? EMPTY_DEVICE_STATE);
  const [loaded, setLoaded] = useState(() => ahead.current?.stateRead != null);
  /** The farmers kept, ready to search; null while they load (the form shows before them). */
  const [farmers, setFarmers] = useState<FarmerIndex | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [problem, setProblem] = useState<SyncProblem>(null);
  const [problemText, setProblemText] = useState<string | null>(null);
  const busy = useRef(false);

  const db = useCallback(async () => {
    dbRef.current ??= await aheadOr(takePart(ahead.current, 'db'), () => openOfflineDb());
    return dbRef.current;
  }, []);

  /** What the device holds but its farmers (a saved receipt changes none of them). */
  const reload = useCallback(async () => {
    setState(await aheadOr(takePart(ahead.current, 'state'), async () => readDeviceState(await db())));
    setLoaded(true);
  }, [db]);

  /** The farmers kept, read after the form is on screen and indexed once per pack kept (#29). */
  const reloadFarmers = useCallback(async () => {
    setFarmers(await readFarmerIndex(await db()));
  }, [db]);

  /** Sends the queue, then refreshes the pack; a failure leaves everything waiting. */
  const syncNow = useCallback(async () => {
    if (busy.current) return;
    const d = await db();
    const meta = await readDevice(d);
    if (!meta) return;
    if (!navigator.onLine) {
      if ((await countWaiting(d)) > 0) void askBackgroundSync();
      return;
    }
    busy.current = true;
    setSyncing(true);
    try {
      await withOutboxLock(() => syncQueue(d, httpSend(credentials, meta.device.id)));
      await savePack(d, await fetchPack(credentials));
      void reloadFarmers();
      setProblem(null);
      setProblemText(null);
    } catch (error) {
      // Still waiting: where the browser has Background Sync, the service worker sends them when
      // the network returns, even after this tab is closed.
      if ((await countWaiting(d)) > 0) void askBackgroundSync();
      setProblem(error instanceof OfflineCallError ? error.kind : 'failed');
      setProblemText(error instanceof Error ? error.message : null);
    } finally {
      busy.current = false;
      setSyncing(false);
      await reload();
    }
  }, [db, reload, reloadFarmers]);

  /** Registers this browser as a device of the clerk's society and downloads its pack. */
  const register = useCallback(
    async (body: RegisterDeviceBody) => {
      const reply = await api.post<{ message: string; data: WeighingDevice }>('collections/devices', body, {
        silent: true,
      });
      const d = await db();
      await saveDevice(d, { device: reply.data, clerkId: user?.id ?? '' });
      await savePack(d, await fetchPack(credentials));
      await reload();
      void reloadFarmers();
      return reply;
    },
    [db, reload, reloadFarmers, user?.id],
  );

  const save = useCallback(
    async (...args: Parameters<typeof saveReceipt> extends [unknown, ...infer R] ? R : never) => {
      const kept = await saveReceipt(await db(), ...args);
      await reload();
      void askBackgroundSync();
      return kept;
    },
    [db, reload],
  );

  const clear = useCallback(async () => {
    await clearSocietyData(await db());
    await reload();
    await reloadFarmers();
  }, [db, reload, reloadFarmers]);

  // The form first, then the farmers (the farmer box says they are loading), then a sync.
  useEffect(() => {
    void reload()
      .then(() => reloadFarmers())
      .then(() => syncNow());
  }, [reload, reloadFarmers, syncNow]);
  useEffect(() => {
    if (online) void syncNow();
  }, [online, syncNow]);
  useOutboxSynced(reload);

  return { ...state, farmers, loaded, online, syncing, problem, problemText, syncNow, register, save, clear };
}

export type OfflineDevice = ReturnType<typeof useOfflineDevice>;
