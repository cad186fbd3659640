import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  makeAmcos,
  makeUser,
  type Session,
  sessionAs,
  TEST_PASSWORD,
  type TestApp,
  useTestApp,
} from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { fitsOneSms } from '../../platform/sms-texts.ts';

let t: TestApp;
let admin: Session;
useTestApp((started) => {
  ({ t, admin } = started);
});

const lastTo = (mobile: string) => t.sms.sent.filter((m) => m.to === mobile).at(-1)?.text ?? '';
const mobile = () => `2557${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe("staff SMS in the user's language (#35)", () => {
  it('sends the sign-in code in the language of the screen it was asked from', async () => {
    const user = await makeUser(t, 'Auditor', { mobile: mobile() });
    const login = (lang?: string) =>
      t.request<{ otp: string }>('POST', '/auth/login', {
        body: { email: user.email, password: TEST_PASSWORD },
        ...(lang ? { lang } : {}),
      });
    const sw = await login('sw');
    expect(sw.status).toBe(200);
    expect(lastTo(user.mobile)).toBe(
      `Msimbo wako wa kuingia Ushirika ni ${sw.body.otp}. Unaisha baada ya dakika 5.`,
    );
    const en = await login('en-GB,en;q=0.8');
    expect(lastTo(user.mobile)).toBe(
      `Your Ushirika sign-in code is ${en.body.otp}. It expires in 5 minutes.`,
    );
  });

  it('sends the password reset code in the language of the forgot-password screen', async () => {
    const user = await makeUser(t, 'Auditor', { mobile: mobile() });
    const asked = await t.request<{ code: string }>('POST', '/auth/forgot-password', {
      body: { email: user.email },
      lang: 'sw',
    });
    expect(lastTo(user.mobile)).toBe(
      `Msimbo wako wa kubadilisha nenosiri la Ushirika ni ${asked.body.code}. Unaisha baada ya dakika 5.`,
    );
  });

  it("welcomes a new user in the language chosen for them, by default the administrator's screen", async () => {
    const roleId = async (name: string) =>
      (await queryRows(t.db, z.object({ id: z.string() }), sql`select id from roles where name = ${name}`))[0]
        ?.id;
    const body = async (phone: string, extra: Record<string, unknown> = {}) => ({
      firstName: 'Neema',
      lastName: 'Mushi',
      email: `neema.${phone}@test.local`,
      mobile: phone,
      gender: 'Female',
      roleIds: [await roleId('Auditor')],
      ...extra,
    });
    const chosen = mobile();
    const created = await t.request<{ data: { language: string } }>('POST', '/users', {
      token: admin.access,
      body: await body(chosen, { language: 'sw' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.language).toBe('sw');
    expect(lastTo(chosen)).toMatch(
      /^Karibu Ushirika\. Ingia kwa neema\.\d+@test\.local na nenosiri \S+\. Utaombwa kulibadilisha\.$/,
    );
    const fromScreen = mobile();
    await t.request('POST', '/users', { token: admin.access, body: await body(fromScreen), lang: 'sw' });
    expect(lastTo(fromScreen)).toMatch(/^Karibu Ushirika\./);
    const english = mobile();
    await t.request('POST', '/users', { token: admin.access, body: await body(english) });
    expect(lastTo(english)).toMatch(/^Welcome to Ushirika\. Sign in with /);
    for (const phone of [chosen, fromScreen, english]) expect(fitsOneSms(lastTo(phone))).toBe(true);
  });

  it('keeps the language a user chooses on screen, and writes their notices in it', async () => {
    const society = await makeAmcos(t);
    const swahiliManager = await makeUser(t, 'AMCOS Manager', { amcosId: society.id, mobile: mobile() });
    const englishManager = await makeUser(t, 'AMCOS Manager', { amcosId: society.id, mobile: mobile() });
    const session = await sessionAs(t, 'Auditor');
    const kept = await t.request<{ data: { language: string } }>('PATCH', '/auth/profile', {
      token: session.access,
      body: { language: 'sw' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.language).toBe('sw');
    const refused = await t.request('PATCH', '/auth/profile', {
      token: session.access,
      body: { language: 'fr' },
    });
    expect(refused.status).toBe(400);
    // The manager switched to Swahili on their own screen (the header keeps it through the profile).
    await t.request('PATCH', `/users/${swahiliManager.id}`, {
      token: admin.access,
      body: { language: 'sw' },
    });

    const published = await t.request('POST', '/circulars', {
      token: admin.access,
      body: {
        title: 'Msimu wa korosho unafunguliwa',
        body: 'Soma taarifa.',
        audience: 'chosen',
        amcosIds: [society.id],
        smsNotice: true,
      },
    });
    expect(published.status).toBe(201);
    const notice = async (phone: string) =>
      (
        await queryRows(
          t.db,
          z.object({ body: z.string() }),
          sql`select body from sms_outbox where recipient = ${phone}`,
        )
      )[0]?.body;
    expect(await notice(swahiliManager.mobile)).toBe(
      'Waraka mpya kutoka Chama Kikuu: "Msimu wa korosho unafunguliwa". Ingia kwenye Ushirika kuusoma.',
    );
    expect(await notice(englishManager.mobile)).toBe(
      'New union circular: "Msimu wa korosho unafunguliwa". Sign in to Ushirika to read it.',
    );
  });
});
