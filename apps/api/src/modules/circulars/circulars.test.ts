import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  makeAmcos,
  makeUser,
  type Session,
  sessionAs,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';
import { queryRows } from '../../db/rows.ts';

type Circular = {
  id: string;
  title: string;
  body: string;
  audience: 'all' | 'chosen';
  recipientCount: number;
  readCount: number;
  readerCount: number;
  readAt: string | null;
  publishedBy: string;
};
type Readers = {
  data: { amcosId: string; userId: string; userName: string; readAt: string | null }[];
  amcosNotRead: { amcosId: string; amcosName: string }[];
};

let t: TestApp;
let admin: Session;
let accountant: Session;
let amcosA: { id: string };
let amcosB: { id: string };
let clerkA: Session;
let managerA: Session;
let managerAMobile: string;
let clerkB: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  accountant = await sessionAs(t, 'Accountant');
  amcosA = await makeAmcos(t, 'Nanyamba');
  amcosB = await makeAmcos(t, 'Mahuta');
  clerkA = await sessionAs(t, 'AMCOS Clerk', { amcosId: amcosA.id });
  managerAMobile = `2557${String(Date.now()).slice(-8)}`;
  const manager = await makeUser(t, 'AMCOS Manager', { amcosId: amcosA.id, mobile: managerAMobile });
  managerA = await signIn(t, manager.email);
  clerkB = await sessionAs(t, 'AMCOS Clerk', { amcosId: amcosB.id });
});
afterAll(() => t.close());

const publish = (body: Record<string, unknown>, token = admin.access) =>
  t.request<{ message: string; data: Circular }>('POST', '/circulars', { token, body });
const get = <T>(url: string, token: string) => t.request<T>('GET', url, { token });
const outboxTo = async (mobile: string) =>
  queryRows(
    t.db,
    z.object({ body: z.string() }),
    sql`select body from sms_outbox where recipient = ${mobile}`,
  );

describe('circulars', () => {
  it('publishes to chosen AMCOS: only their users see it, each confirms reading once', async () => {
    const title = `Season opening ${uniq()}`;
    const r = await publish({
      title,
      body: '# Season opens\n\nBuying starts on **1 October**.\n\n- Bring your farmer card',
      audience: 'chosen',
      amcosIds: [amcosA.id],
      smsNotice: true,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: 'Circular published successfully',
      data: { title, audience: 'chosen', recipientCount: 1, readCount: 0, readerCount: 2, readAt: null },
    });
    const id = r.body.data.id;

    // The AMCOS A clerk's dashboard lists it as unread; AMCOS B's clerk sees nothing of it.
    const unreadA = await get<Listed<Circular>>('/circulars?unread=true', clerkA.access);
    expect(unreadA.body.data.map((c) => c.title)).toContain(title);
    const listB = await get<Listed<Circular>>('/circulars', clerkB.access);
    expect(listB.body.data.map((c) => c.id)).not.toContain(id);
    expect((await get(`/circulars/${id}`, clerkB.access)).status).toBe(404);
    const confirmB = await t.request('POST', `/circulars/${id}/read`, { token: clerkB.access });
    expect(confirmB.status).toBe(404);
    expect((await get(`/circulars/${id}/readers`, clerkA.access)).status).toBe(403);

    // Reading it: a receipt for the clerk, kept at the first confirmation.
    const read = await get<{ data: Circular }>(`/circulars/${id}`, clerkA.access);
    expect(read.body.data.body).toContain('Buying starts on **1 October**.');
    const confirm = await t.request<{ message: string; data: Circular }>('POST', `/circulars/${id}/read`, {
      token: clerkA.access,
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toBe('Circular marked as read');
    const readAt = confirm.body.data.readAt;
    expect(readAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await t.request<{ data: Circular }>('POST', `/circulars/${id}/read`, {
      token: clerkA.access,
    });
    expect(again.body.data.readAt).toBe(readAt);
    const stillUnread = await get<Listed<Circular>>('/circulars?unread=true', clerkA.access);
    expect(stillUnread.body.data.map((c) => c.id)).not.toContain(id);

    // The union sees who read and who has not; the manager has not yet.
    const readers = await get<Readers>(`/circulars/${id}/readers`, admin.access);
    expect(readers.status).toBe(200);
    expect(readers.body.data.map((x) => [x.userId, x.readAt !== null]).sort()).toEqual(
      [
        [clerkA.userId, true],
        [managerA.userId, false],
      ].sort(),
    );
    expect(readers.body.amcosNotRead).toEqual([]);
    const notRead = await get<Readers>(`/circulars/${id}/readers?status=unread`, accountant.access);
    expect(notRead.body.data.map((x) => x.userId)).toEqual([managerA.userId]);
    const union = await get<{ data: Circular }>(`/circulars/${id}`, admin.access);
    expect(union.body.data).toMatchObject({ readCount: 1, readerCount: 2 });

    // SMS notice to the manager of AMCOS A only.
    const sms = await outboxTo(managerAMobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(title);
  });

  it('publishes to all active AMCOS; union staff may not confirm reading; AMCOS users may not publish', async () => {
    const r = await publish({
      title: `Auction calendar ${uniq()}`,
      body: 'Auctions every Friday.',
      audience: 'all',
    });
    expect(r.status).toBe(201);
    expect(r.body.data.recipientCount).toBeGreaterThanOrEqual(2);
    const id = r.body.data.id;
    for (const clerk of [clerkA, clerkB]) {
      const list = await get<Listed<Circular>>('/circulars?unread=true', clerk.access);
      expect(list.body.data.map((c) => c.id)).toContain(id);
    }
    const readers = await get<Readers>(`/circulars/${id}/readers`, admin.access);
    expect(readers.body.amcosNotRead.map((a) => a.amcosId)).toEqual(
      expect.arrayContaining([amcosA.id, amcosB.id]),
    );
    const unionConfirm = await t.request('POST', `/circulars/${id}/read`, { token: admin.access });
    expect(unionConfirm.status).toBe(403);
    expect(unionConfirm.body).toMatchObject({ message: 'Only AMCOS users confirm reading a circular' });
    const byClerk = await publish({ title: 'X', body: 'Y', audience: 'all' }, clerkA.access);
    expect(byClerk.status).toBe(403);
    const byAccountant = await publish({ title: 'X', body: 'Y', audience: 'all' }, accountant.access);
    expect(byAccountant.status).toBe(403);
    expect(await outboxTo(managerAMobile)).toHaveLength(1);
    const csv = await get('/circulars?format=csv', admin.access);
    expect(csv.status).toBe(200);
    expect(new TextDecoder().decode(csv.raw)).toContain(r.body.data.title);
  });

  it('refuses bad input with its message and writes nothing', async () => {
    const before = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from circulars`,
    );
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ title: '', body: 'x', audience: 'all' }, 'title', 'Enter the title'],
      [{ title: 'T', body: '   ', audience: 'all' }, 'body', 'Write the circular'],
      [{ title: 'T', body: 'x', audience: 'chosen', amcosIds: [] }, 'amcosIds', 'Choose at least one AMCOS'],
      [
        { title: 'T', body: 'x', audience: 'chosen', amcosIds: ['00000000-0000-4000-8000-000000000000'] },
        'amcosIds',
        'A chosen AMCOS does not exist',
      ],
    ];
    for (const [body, field, message] of refusals) {
      const r = await publish(body);
      expect({ body, status: r.status, reply: r.body }).toMatchObject({
        body,
        status: 400,
        reply: { message, errors: { [field]: [message] } },
      });
    }
    const after = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from circulars`,
    );
    expect(after).toEqual(before);
  });
});
