import { type SessionUser, WEB_ROUTES, type WebRoute } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../lib/session.ts';
import { guardRedirect } from './guard.ts';

const route = (name: string): WebRoute => {
  const found = WEB_ROUTES.find((r) => r.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};
const signedIn = (user: Partial<SessionUser>): SessionSnapshot => ({
  stage: 'signed-in',
  user: { isInitialPassword: false, ...user } as SessionUser,
  lockedPath: null,
  landing: null,
});

describe('navigation guard', () => {
  it('keeps a user on the initial password on the change-password screen until it is replaced', () => {
    const first = signedIn({ isInitialPassword: true });
    expect(guardRedirect(route('journal_entries'), first)).toBe('/change-password');
    expect(guardRedirect(route('home'), first)).toBe('/change-password');
    expect(guardRedirect(route('change_password'), first)).toBeNull();
    expect(guardRedirect(route('not_found'), first)).toBeNull();
  });

  it('lets a user who replaced it go anywhere signed in', () => {
    const user = signedIn({ isInitialPassword: false });
    expect(guardRedirect(route('journal_entries'), user)).toBeNull();
    expect(guardRedirect(route('login'), user)).toBe('/');
  });
});
