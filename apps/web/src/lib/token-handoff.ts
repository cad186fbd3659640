import { refreshReply } from '@ushirika/contracts';
import { type DBSchema, deleteDB, openDB } from 'idb';

/**
 * The session's tokens as the app's service worker reads them (#29, Background Sync): a weighing
 * device's receipts sync from the worker after the clerk closed the tab, and the worker cannot read
 * the page's localStorage. The page keeps a copy here (only on a weighing device); whoever renews
 * the session (page or worker) does it under one Web Lock and writes the new pair here, and the
 * page takes the pair here when it is newer than its own (same session, another refresh token),
 * so a refresh token is never presented twice (the server would revoke the session). Runs in the
 * page and in the worker: nothing here touches the page's storage.
 */
export type TokenPair = { access: string; refresh: string };

interface HandoffSchema extends DBSchema {
  tokens: { key: string; value: TokenPair };
}

export const HANDOFF_DB = 'ushirika-handoff';
const KEY = 'session';
const LOCK = 'ushirika-tokens';

const openHandoff = () =>
  openDB<HandoffSchema>(HANDOFF_DB, 1, {
    upgrade(db) {
      db.createObjectStore('tokens');
    },
  });

/** Runs `work` while holding the one token lock of this origin (pages and worker alike). */
export function withTokenLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(LOCK, work) : work();
}

/** Whether this browser keeps a copy at all (asking never creates the database). */
export async function handoffKept(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  const known = await indexedDB.databases().catch(() => []);
  return known.some((d) => d.name === HANDOFF_DB);
}

export async function readHandoff(): Promise<TokenPair | null> {
  const db = await openHandoff();
  try {
    return (await db.get('tokens', KEY)) ?? null;
  } finally {
    db.close();
  }
}

export async function writeHandoff(pair: TokenPair): Promise<void> {
  const db = await openHandoff();
  try {
    await db.put('tokens', pair, KEY);
  } finally {
    db.close();
  }
}

/** Sign-out: the copy goes with the session. */
export const dropHandoff = () => deleteDB(HANDOFF_DB);

/** The session an access token belongs to (its `sid` claim), or null when it cannot be read. */
export function sessionOf(access: string | null): string | null {
  const payload = access?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}

/**
 * What the page holds against the copy: the copy is newer when it is of the same session with
 * another refresh token (the worker renewed it; the page always writes its own renewals here).
 * A pair of another session is older (the clerk signed in since): the page's wins.
 */
export function newerInHandoff(page: TokenPair | null, kept: TokenPair | null): TokenPair | null {
  if (!kept || !page) return null;
  if (sessionOf(kept.access) === null || sessionOf(kept.access) !== sessionOf(page.access)) return null;
  return kept.refresh === page.refresh ? null : kept;
}

/**
 * The refresh-token call itself (POST /api/auth/refresh-token), for the page and the worker:
 * the new pair, or null when the session cannot be renewed (expired, revoked, no network).
 */
export async function renewPair(refresh: string): Promise<TokenPair | null> {
  try {
    const response = await fetch('/api/auth/refresh-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!response.ok) return null;
    const reply = refreshReply.safeParse(await response.json());
    return reply.success ? { access: reply.data.access, refresh: reply.data.refresh_token } : null;
  } catch {
    return null;
  }
}

/**
 * The worker's renewal: under the lock, the pair kept here is renewed and written back (the page
 * takes it up when it next renews or opens the weighing screen). False when nothing is kept or
 * the session is over: the receipts then wait for a clerk to sign in.
 */
export function renewKeptPair(): Promise<boolean> {
  return withTokenLock(async () => {
    const kept = await readHandoff();
    if (!kept) return false;
    const pair = await renewPair(kept.refresh);
    if (!pair) return false;
    await writeHandoff(pair);
    return true;
  });
}
