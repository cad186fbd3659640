import { BUYING_POST_PATH, routePath } from '@ushirika/contracts';
import { ApiError, firstValueOf } from './api-error.ts';
import { dateOrder } from './format.ts';
import { i18n } from './i18n.ts';
import { currentPath, type ErrorScreenState, navigateTo } from './navigation.ts';
import { toastError } from './notify.ts';
import { noteReportReply } from './report-freshness.ts';
import { clearSessionAndReload, getAccessToken, getRefreshToken, saveTokens } from './session.ts';
import {
  dropHandoff,
  handoffKept,
  newerInHandoff,
  readHandoff,
  renewPair,
  type TokenPair,
  withTokenLock,
  writeHandoff,
} from './token-handoff.ts';
import { showTooLargeAlert } from './too-large-alert.ts';

/**
 * The one HTTP client (SPEC sections 7 and 8): JSON under /api, bearer token from storage, one
 * token refresh on 401, and the error catalogue (screens, toasts, or the error to the caller).
 */
const BASE = '/api';

/** Calls made without the bearer token (SPEC section 7). */
const WITHOUT_TOKEN = ['auth/login', 'auth/forgot-password', 'auth/reset-password', 'auth/resend-code'];
const LOGIN = 'auth/login';
/** A 404 here means "no such farmer" and is the caller's business, not the not-found screen. */
const FARMER_LOOKUP = 'collections/farmers/number/';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Do not toast errors returned to the caller (the caller shows them itself). */
  silent?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${BASE}/${trimSlashes(path)}${search ? `?${search}` : ''}`;
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+/, '');
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(trimSlashes(path), options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** For file downloads: the successful Response, after the same error handling as any call. */
export function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  return send(trimSlashes(path), options);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

async function send(path: string, options: RequestOptions, isRetry = false): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init(path, options));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    goToErrorScreen('/server-not-available');
    throw new ApiError(0, null, true);
  }
  if (response.ok) {
    // A report read from the replica says how fresh it is (#34): the report pages show it.
    noteReportReply(path, response.headers);
    return response;
  }

  const body = await readBody(response);
  const status = response.status;

  if (status === 401 && path !== LOGIN && !isRetry && getRefreshToken()) {
    if (await refreshTokens()) return send(path, options, true);
    clearSessionAndReload();
    throw new ApiError(status, body, true);
  }
  if (status === 404 && !path.includes(FARMER_LOOKUP)) {
    goToErrorScreen('/not-found');
    throw new ApiError(status, body, true);
  }
  if (status >= 500) {
    goToErrorScreen('/technical-issue');
    throw new ApiError(status, body, true);
  }
  if (status === 413) showTooLargeAlert();
  if (!options.silent && status !== 404) toastError(toastMessageFor(status, body));
  throw new ApiError(status, body);
}

function init(path: string, options: RequestOptions): RequestInit {
  // The reader's language: files and PDFs the server makes follow it (labels, dates).
  // And their date order (#37), for the dates in those files.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language,
    'X-Date-Format': dateOrder(),
  };
  const token = getAccessToken();
  if (token && !WITHOUT_TOKEN.includes(path)) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** SPEC section 8, "Messages shown to the user". */
export function toastMessageFor(status: number, body: unknown): string {
  const generic = i18n.t('errors.unexpected');
  switch (status) {
    case 400:
    case 406:
      return firstValueOf(body) ?? generic;
    case 401:
      return i18n.t('errors.unauthorized');
    case 409:
    // Not in SPEC's catalogue: "try again in N minutes" tells the user what to do (docs/DECISIONS.md).
    case 429:
      return new ApiError(status, body).serverMessage ?? generic;
    case 413:
      return i18n.t('errors.tooLargeToast');
    default:
      return generic;
  }
}

/**
 * Screens that work with no network (#29: the buying post's weighing device, in the office and as
 * the installed app's own page): a call that finds no network there is the screen's own business
 * (it says it is offline and keeps weighing), so no call made while it is open sends the clerk
 * away to an error screen.
 */
const WORKS_OFFLINE = new Set([routePath('offline_weighing'), BUYING_POST_PATH]);

function goToErrorScreen(path: string): void {
  const from = currentPath();
  if (from === path) return;
  if (path === '/server-not-available' && WORKS_OFFLINE.has(from.split('?')[0] ?? '')) return;
  const state: ErrorScreenState = { from };
  navigateTo(path, { state });
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same refresh and then retry. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * One renewal, under the token lock shared with the service worker (#29): on a weighing device the
 * worker may have renewed the session since (lib/token-handoff.ts); its newer pair is taken first,
 * so a refresh token is never presented twice, and the page's own renewal is written back there.
 */
function doRefresh(): Promise<boolean> {
  return withTokenLock(async () => {
    const kept = (await handoffKept()) ? await readHandoff() : null;
    const newer = newerInHandoff(pageTokens(), kept);
    if (newer) saveTokens(newer.access, newer.refresh);
    const refresh = getRefreshToken();
    if (!refresh) return false;
    const pair = await renewPair(refresh);
    if (!pair) return false;
    saveTokens(pair.access, pair.refresh);
    if (kept) await writeHandoff(pair);
    return true;
  });
}

function pageTokens(): TokenPair | null {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  return access && refresh ? { access, refresh } : null;
}

/**
 * A weighing device's page hands its session to the service worker (#29): the kept pair when it is
 * newer (the worker renewed it), else the page's own is written there. Nothing without a session.
 */
export function handTokensToWorker(): Promise<void> {
  return withTokenLock(async () => {
    const page = pageTokens();
    if (!page) return;
    const newer = newerInHandoff(page, (await handoffKept()) ? await readHandoff() : null);
    if (newer) saveTokens(newer.access, newer.refresh);
    else await writeHandoff(page);
  });
}

/** SPEC: logout posts the refresh token, then clears all local storage, goes to login, reloads. */
export async function signOut(): Promise<void> {
  const refresh = getRefreshToken();
  const token = getAccessToken();
  try {
    await fetch(buildUrl('auth/logout'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(refresh ? { refresh } : {}),
    });
  } catch {
    // Signing out locally matters more than telling the server.
  }
  await dropHandoff().catch(() => undefined);
  clearSessionAndReload();
}
