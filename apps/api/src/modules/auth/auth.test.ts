import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, signIn, startTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { CHANGE_PASSWORD_FIRST } from '../../platform/access.ts';
import { users } from '../users/schema.ts';
import { RESET_CODE_SENT } from './passwords.ts';
import { authCodes } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function login(email: string, password = TEST_PASSWORD) {
  return t.request<{ access_token: string; otp: string; user: { mobile: string } }>('POST', '/auth/login', {
    body: { email, password },
  });
}

describe('sign-in with OTP (SPEC section 7 field names)', () => {
  it('login answers access_token, masked user.mobile and, with OTP_ECHO, the otp; the SMS carries the same code', async () => {
    const user = await makeUser(t, 'Accountant', { mobile: '255712345678' });
    const reply = await login(user.email);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['access_token', 'message', 'otp', 'user']);
    expect(reply.body.user).toEqual({ mobile: '******345678' });
    expect(reply.body.otp).toMatch(/^\d{6}$/);
    expect(t.sms.lastCodeTo('255712345678')).toBe(reply.body.otp);
  });

  it('verify-otp takes otp and accessToken and answers access_token, refresh_token and the user with permissions', async () => {
    const user = await makeUser(t, 'Accountant', { initialPassword: true });
    const { body } = await login(user.email);
    const verify = await t.request<Record<string, unknown>>('POST', '/auth/verify-otp', {
      body: { otp: body.otp, accessToken: body.access_token },
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: {
        email: user.email,
        isInitialPassword: true,
        amcosId: null,
        permissions: expect.arrayContaining(['accounts.journal.create']),
      },
    });
    expect(JSON.stringify(verify.body)).not.toMatch(/passwordHash|password_hash/);
  });

  it('refuses a wrong password with 401 and a clear message, and an unknown email the same way', async () => {
    const user = await makeUser(t, 'Auditor');
    const wrong = await login(user.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'The email or password is wrong' });
    const unknown = await login('nobody@test.local');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('the pending token from login is not an access token', async () => {
    const user = await makeUser(t, 'Auditor');
    const { body } = await login(user.email);
    expect((await t.request('GET', '/auth/me', { token: body.access_token })).status).toBe(401);
  });

  it('five wrong codes kill the code: even the right code is refused afterwards', async () => {
    const user = await makeUser(t, 'Auditor');
    const { body } = await login(user.email);
    const wrongCode = body.otp === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.request<{ message: string }>('POST', '/auth/verify-otp', {
        body: { otp: wrongCode, accessToken: body.access_token },
      });
      expect(r.status).toBe(400);
      messages.push(r.body.message);
    }
    expect(messages[0]).toBe('The code is wrong. 4 tries left.');
    expect(messages[4]).toBe('Too many wrong codes. Request a new code.');
    const right = await t.request<{ message: string }>('POST', '/auth/verify-otp', {
      body: { otp: body.otp, accessToken: body.access_token },
    });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('This code is no longer valid. Request a new code.');
  });

  it('resend-otp issues a new code and kills the old one', async () => {
    const user = await makeUser(t, 'Auditor');
    const { body } = await login(user.email);
    const resent = await t.request<{ message: string; otp: string }>('POST', '/auth/resend-otp', {
      body: { email: user.email, accessToken: body.access_token },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('OPT resend successfully');
    if (resent.body.otp !== body.otp) {
      const old = await t.request('POST', '/auth/verify-otp', {
        body: { otp: body.otp, accessToken: body.access_token },
      });
      expect(old.status).toBe(400);
    }
    const fresh = await t.request('POST', '/auth/verify-otp', {
      body: { otp: resent.body.otp, accessToken: body.access_token },
    });
    expect(fresh.status).toBe(200);
  });

  it('an expired code is refused', async () => {
    const user = await makeUser(t, 'Auditor');
    const { body } = await login(user.email);
    await t.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.userId, user.id));
    const r = await t.request<{ message: string }>('POST', '/auth/verify-otp', {
      body: { otp: body.otp, accessToken: body.access_token },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The code has expired. Request a new code.');
  });

  it('codes are stored hashed, never in clear', async () => {
    const user = await makeUser(t, 'Auditor');
    const { body } = await login(user.email);
    const rows = await t.db.select().from(authCodes).where(eq(authCodes.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.codeHash).not.toContain(body.otp);
  });

  it('bad input gets 400 with the field named and changes nothing', async () => {
    const r = await t.request<{ message: string; errors: Record<string, string[]> }>('POST', '/auth/login', {
      body: { email: 'not-an-email' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Enter a valid email address');
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'password']);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: refresh-token takes refresh and answers access and refresh_token', async () => {
    const user = await makeUser(t, 'Auditor');
    const session = await signIn(t, user.email);
    const r = await t.request<{ access: string; refresh_token: string }>('POST', '/auth/refresh-token', {
      body: { refresh: session.refresh },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['access', 'refresh_token']);
    expect(r.body.refresh_token).not.toBe(session.refresh);
    expect((await t.request('GET', '/auth/me', { token: r.body.access })).status).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family, access tokens included', async () => {
    const user = await makeUser(t, 'Auditor');
    const session = await signIn(t, user.email);
    const first = await t.request<{ access: string; refresh_token: string }>('POST', '/auth/refresh-token', {
      body: { refresh: session.refresh },
    });
    const reuse = await t.request('POST', '/auth/refresh-token', { body: { refresh: session.refresh } });
    expect(reuse.status).toBe(401);
    const afterTheft = await t.request('POST', '/auth/refresh-token', {
      body: { refresh: first.body.refresh_token },
    });
    expect(afterTheft.status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: first.body.access })).status).toBe(401);
  });

  it('logout revokes the session at once', async () => {
    const user = await makeUser(t, 'Auditor');
    const session = await signIn(t, user.email);
    expect((await t.request('POST', '/auth/logout', { token: session.access, body: {} })).status).toBe(200);
    expect((await t.request('GET', '/auth/me', { token: session.access })).status).toBe(401);
    expect(
      (await t.request('POST', '/auth/refresh-token', { body: { refresh: session.refresh } })).status,
    ).toBe(401);
  });
});

describe('passwords', () => {
  it('change-password clears isInitialPassword and needs the current password', async () => {
    const user = await makeUser(t, 'Auditor', { initialPassword: true });
    const session = await signIn(t, user.email);
    const wrong = await t.request<{ errors: Record<string, string[]> }>('POST', '/auth/change-password', {
      token: session.access,
      body: {
        current_password: 'nope-nope',
        password: 'NewPass#2026',
        password_confirmation: 'NewPass#2026',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.current_password).toEqual(['The current password is wrong']);
    const mismatch = await t.request('POST', '/auth/change-password', {
      token: session.access,
      body: {
        current_password: TEST_PASSWORD,
        password: 'NewPass#2026',
        password_confirmation: 'Other#2026',
      },
    });
    expect(mismatch.status).toBe(400);
    const ok = await t.request<{ message: string }>('POST', '/auth/change-password', {
      token: session.access,
      body: {
        current_password: TEST_PASSWORD,
        password: 'NewPass#2026',
        password_confirmation: 'NewPass#2026',
      },
    });
    expect(ok.body).toEqual({ message: 'Password changed successful' });
    const me = await t.request<{ data: { isInitialPassword: boolean } }>('GET', '/auth/me', {
      token: session.access,
    });
    expect(me.body.data.isInitialPassword).toBe(false);
    expect((await login(user.email, 'NewPass#2026')).status).toBe(200);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });

  it('forgot-password sends a code to the phone; reset-password sets the new password and ends sessions', async () => {
    const user = await makeUser(t, 'Auditor', { mobile: '255788000111' });
    const session = await signIn(t, user.email);
    const forgot = await t.request<{ message: string; user: { mobile: string }; code: string }>(
      'POST',
      '/auth/forgot-password',
      {
        body: { email: user.email },
      },
    );
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe(RESET_CODE_SENT);
    expect(t.sms.lastCodeTo('255788000111')).toBe(forgot.body.code);
    const resent = await t.request<{ code: string }>('POST', '/auth/resend-code', {
      body: { email: user.email },
    });
    const reset = await t.request<{ message: string }>('POST', '/auth/reset-password', {
      body: {
        email: user.email,
        code: resent.body.code,
        password: 'Reset#Pass2026',
        password_confirmation: 'Reset#Pass2026',
      },
    });
    expect(reset.body).toEqual({ message: 'Password resset successful Please login now' });
    expect((await t.request('GET', '/auth/me', { token: session.access })).status).toBe(401);
    expect((await login(user.email, 'Reset#Pass2026')).status).toBe(200);
  });

  it('forgot-password answers the same for a known, an unknown and a deactivated email, and texts only the known one', async () => {
    const known = await makeUser(t, 'Auditor', { mobile: '255788000222' });
    const off = await makeUser(t, 'Auditor', { mobile: '255788000333' });
    await t.db.update(users).set({ active: false }).where(eq(users.id, off.id));
    const ask = (email: string) =>
      t.request<Record<string, unknown>>('POST', '/auth/forgot-password', { body: { email } });
    const sentBefore = t.sms.sent.length;
    const answers = [await ask(known.email), await ask('ghost@test.local'), await ask(off.email)];
    // OTP_ECHO (tests only) adds the code for the known account; the rest of the answer is the same.
    const withoutEcho = answers.map(({ status, body: { code: _code, ...body } }) => ({ status, body }));
    expect(withoutEcho).toEqual(
      Array(3).fill({ status: 200, body: { message: RESET_CODE_SENT, user: { mobile: '' } } }),
    );
    expect(t.sms.sent.slice(sentBefore).map((m) => m.to)).toEqual(['255788000222']);
    const reset = await t.request<{ message: string; errors: Record<string, string[]> }>(
      'POST',
      '/auth/reset-password',
      {
        body: {
          email: 'ghost@test.local',
          code: '123456',
          password: 'Reset#Pass2026',
          password_confirmation: 'Reset#Pass2026',
        },
      },
    );
    expect(reset.status).toBe(400);
    expect(reset.body.errors.code).toEqual(['This code is no longer valid. Request a new code.']);
  });
});

describe('initial password', () => {
  it('until it is changed, only change-password, me, unlock and logout answer; then everything the roles allow', async () => {
    const user = await makeUser(t, 'Auditor', { initialPassword: true });
    const session = await signIn(t, user.email);
    const refused = await t.request<{ message: string }>('GET', '/users', { token: session.access });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CHANGE_PASSWORD_FIRST);
    const profile = await t.request('PATCH', '/auth/profile', {
      token: session.access,
      body: { firstName: 'X' },
    });
    expect(profile.status).toBe(403);
    expect((await t.request('GET', '/auth/me', { token: session.access })).status).toBe(200);
    const unlock = await t.request('POST', '/auth/unlock', {
      token: session.access,
      body: { password: TEST_PASSWORD },
    });
    expect(unlock.status).toBe(200);
    const changed = await t.request('POST', '/auth/change-password', {
      token: session.access,
      body: {
        current_password: TEST_PASSWORD,
        password: 'NewPass#2026',
        password_confirmation: 'NewPass#2026',
      },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/users', { token: session.access })).status).toBe(200);
    const other = await signIn(t, (await makeUser(t, 'Auditor', { initialPassword: true })).email);
    expect((await t.request('POST', '/auth/logout', { token: other.access, body: {} })).status).toBe(200);
  });
});

describe('deactivated users', () => {
  it('are refused at once, access token or not, and cannot sign in again', async () => {
    const admin = await signIn(t, (await makeUser(t, 'Administrator')).email);
    const user = await makeUser(t, 'Auditor');
    const session = await signIn(t, user.email);
    const off = await t.request('PATCH', `/users/${user.id}`, {
      token: admin.access,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    expect((await t.request('GET', '/auth/me', { token: session.access })).status).toBe(401);
    expect(
      (await t.request('POST', '/auth/refresh-token', { body: { refresh: session.refresh } })).status,
    ).toBe(401);
    const again = await login(user.email);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ message: 'This account is deactivated. Ask your administrator.' });
  });
});
