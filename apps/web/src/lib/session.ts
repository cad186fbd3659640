import { type SessionUser, sessionUser } from '@ushirika/contracts';
import { useSyncExternalStore } from 'react';
import { clearAllStorage, readItem, readJson, SESSION_KEYS, writeItem } from './storage.ts';

/**
 * The sign-in stage (SPEC section 4): no token, token waiting for the OTP, or token with user.
 * Components read it with useSession(); writes go through the functions below so they re-render.
 */
export type SessionStage = 'signed-out' | 'pending-otp' | 'signed-in';

export interface SessionSnapshot {
  stage: SessionStage;
  user: SessionUser | null;
  lockedPath: string | null;
  /**
   * Where to go once the current step is done (after the OTP, after unlocking). The guard sends
   * the visitor there instead of "/" when it moves them off a screen they no longer belong on.
   */
  landing: string | null;
}

const listeners = new Set<() => void>();
let landing: string | null = null;
let snapshot: SessionSnapshot = readSnapshot();

function isSessionUser(value: unknown): value is SessionUser {
  return sessionUser.safeParse(value).success;
}

function readSnapshot(): SessionSnapshot {
  const token = readItem(SESSION_KEYS.accessToken);
  const user = token ? readJson(SESSION_KEYS.user, isSessionUser) : null;
  const stage: SessionStage = !token ? 'signed-out' : user ? 'signed-in' : 'pending-otp';
  const lockedPath = stage === 'signed-in' ? readItem(SESSION_KEYS.lockedAt) : null;
  return { stage, user, lockedPath, landing };
}

function publish(): void {
  snapshot = readSnapshot();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => publish();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export const getAccessToken = () => readItem(SESSION_KEYS.accessToken);
export const getRefreshToken = () => readItem(SESSION_KEYS.refreshToken);

/** After a successful login: the pending token, and the email and mobile the OTP step needs. */
export function startOtpStage(email: string, pendingToken: string, mobile: string): void {
  writeItem(SESSION_KEYS.userEmail, email);
  writeItem(SESSION_KEYS.accessToken, pendingToken);
  writeItem(SESSION_KEYS.userMobile, mobile);
  publish();
}

/** SPEC: after the OTP, tokens and user are saved and the temporary email and mobile removed. */
export function completeSignIn(access: string, refresh: string, user: SessionUser, next: string): void {
  landing = next;
  writeItem(SESSION_KEYS.accessToken, access);
  writeItem(SESSION_KEYS.refreshToken, refresh);
  writeItem(SESSION_KEYS.userEmail, null);
  writeItem(SESSION_KEYS.userMobile, null);
  saveUser(user);
}

export function saveTokens(access: string, refresh: string): void {
  writeItem(SESSION_KEYS.accessToken, access);
  writeItem(SESSION_KEYS.refreshToken, refresh);
  publish();
}

export function saveUser(user: SessionUser): void {
  writeItem(SESSION_KEYS.user, JSON.stringify(user));
  writeItem(SESSION_KEYS.userId, user.id);
  writeItem(SESSION_KEYS.userPermissions, JSON.stringify(user.permissions));
  publish();
}

/** Leaves the OTP step without finishing it (back to the sign-in form). */
export function abandonOtpStage(): void {
  writeItem(SESSION_KEYS.accessToken, null);
  writeItem(SESSION_KEYS.userMobile, null);
  publish();
}

export function lockSession(returnTo: string): void {
  writeItem(SESSION_KEYS.lockedAt, returnTo);
  publish();
}

export function unlockSession(): void {
  landing = readItem(SESSION_KEYS.lockedAt);
  writeItem(SESSION_KEYS.lockedAt, null);
  publish();
}

/** The landing path has been reached (or is no longer relevant). */
export function clearLanding(): void {
  if (landing === null) return;
  landing = null;
  publish();
}

/** SPEC: logout clears all local storage, goes to login and reloads. */
export function clearSessionAndReload(): void {
  clearAllStorage();
  window.location.assign('/login');
}

export function hasPermission(user: SessionUser | null, permission: string): boolean {
  return user?.permissions.includes(permission) ?? false;
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
