import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';

/** The shared secret the USSD tests start their app with (USSD_SECRET). */
export const USSD_TEST_SECRET = 'ussd-secret-for-the-tests-0123456789';

export type UssdStep = { sessionId?: string; phoneNumber: string; text: string };

/**
 * The aggregator as the USSD tests play it (#31): one step posted as a form (every answer so far
 * joined by '*'), a whole walk of steps in one session, and what the farmer's phone was told.
 */
export function ussdClient(t: TestApp, secret = USSD_TEST_SECRET) {
  let session = 0;
  const nextSession = () => `ATUid_${++session}`;

  async function step(s: UssdStep, key: string | null = secret) {
    const form = new URLSearchParams({
      sessionId: s.sessionId ?? nextSession(),
      serviceCode: '*149*12#',
      phoneNumber: s.phoneNumber,
      text: s.text,
    });
    const query = key === null ? '' : `?key=${encodeURIComponent(key)}`;
    const response = await fetch(`${t.url}/api/ussd${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return { status: response.status, text: await response.text() };
  }

  /** A whole walk's screens, each step sent as the aggregator sends it (the answers so far). */
  async function walk(phoneNumber: string, answers: string[]): Promise<string[]> {
    const sessionId = nextSession();
    const screens: string[] = [];
    for (let i = 0; i <= answers.length; i++) {
      const r = await step({ sessionId, phoneNumber, text: answers.slice(0, i).join('*') });
      if (r.status !== 200) throw new Error(`USSD step answered ${r.status}: ${r.text}`);
      screens.push(r.text);
    }
    return screens;
  }

  /** The farmer's registered phone. */
  async function phoneOf(farmerId: string): Promise<string> {
    const [row] = await queryRows(
      t.db,
      z.object({ phone: z.string() }),
      sql`select phone from farmers where id = ${farmerId}`,
    );
    return row?.phone ?? '';
  }

  /** The PIN in the latest SMS to a phone. */
  async function pinSentTo(phone: string): Promise<string> {
    const [row] = await queryRows(
      t.db,
      z.object({ body: z.string() }),
      sql`select body from sms_outbox where recipient = ${phone} order by created_at desc, id desc limit 1`,
    );
    return /ni (\d{4})\./.exec(row?.body ?? '')?.[1] ?? '';
  }

  return { step, walk, phoneOf, pinSentTo };
}
