import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTwoSocieties } from '../../../test/harness.ts';
import { nida, phone } from '../../../test/master-data.ts';

type Note = {
  id: string;
  subject: string;
  subjectId: string;
  body: string;
  authorName: string;
  createdAt: string;
};

let t: TestApp;
let admin: Session;
let clerkA: Session;
let clerkB: Session;
let societyA: { id: string };

useTwoSocieties(['Nanyamba', 'Mahuta'], (s) => {
  ({ t, admin, societyA, clerkA, clerkB } = s);
});

async function farmerOf(clerk: Session): Promise<string> {
  const r = await t.request<{ data: { id: string } }>('POST', '/collections/farmers', {
    token: clerk.access,
    body: {
      firstName: 'Mwanaisha',
      lastName: 'Kibwana',
      gender: 'Female',
      nationalId: nida(),
      phone: phone(),
      village: 'Mangaka',
    },
  });
  if (r.status !== 201) throw new Error(`farmer: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id;
}

describe('notes on farmers and AMCOS', () => {
  it("keeps a farmer's notes newest first with author and time; another society's clerk cannot see or add", async () => {
    const farmerId = await farmerOf(clerkA);
    const path = `/collections/farmers/${farmerId}/notes`;
    const first = await t.request<{ message: string; data: Note }>('POST', path, {
      token: clerkA.access,
      body: { body: 'Visit: **2 acres** weeded, asks for sulphur.' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Note added successfully',
      data: { subject: 'farmer', subjectId: farmerId, body: 'Visit: **2 acres** weeded, asks for sulphur.' },
    });
    expect(first.body.data.authorName).toMatch(/^AMCOS Tester/);
    const second = await t.request<{ data: Note }>('POST', path, {
      token: admin.access,
      body: { body: 'Dispute over the boundary with the neighbour settled.' },
    });
    expect(second.status).toBe(201);
    const list = await t.request<{ data: Note[] }>('GET', path, { token: clerkA.access });
    expect(list.body.data.map((n) => n.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(list.body.data[1]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await t.request('GET', path, { token: clerkB.access })).status).toBe(403);
    const foreign = await t.request('POST', path, { token: clerkB.access, body: { body: 'x' } });
    expect(foreign.status).toBe(403);
    const empty = await t.request('POST', path, { token: clerkA.access, body: { body: '   ' } });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Write the note' } });
    const unknown = await t.request(
      'GET',
      '/collections/farmers/00000000-0000-4000-8000-000000000000/notes',
      {
        token: admin.access,
      },
    );
    expect(unknown.status).toBe(404);
    expect((await t.request<{ data: Note[] }>('GET', path, { token: admin.access })).body.data).toHaveLength(
      2,
    );
    const history = await t.request<{ data: { action: string }[] }>('GET', `/audit/farmer/${farmerId}`, {
      token: admin.access,
    });
    expect(history.body.data.filter((e) => e.action === 'added')).toHaveLength(2);
  });

  it("keeps an AMCOS's notes: union staff write them, the society's own users read them", async () => {
    const path = `/amcos/${societyA.id}/notes`;
    const added = await t.request<{ data: Note }>('POST', path, {
      token: admin.access,
      body: { body: 'Meeting with the board: weighing scale to be verified before the season.' },
    });
    expect(added.status).toBe(201);
    const read = await t.request<{ data: Note[] }>('GET', path, { token: clerkA.access });
    expect(read.body.data.map((n) => n.body)).toEqual([
      'Meeting with the board: weighing scale to be verified before the season.',
    ]);
    expect((await t.request('GET', path, { token: clerkB.access })).status).toBe(403);
    expect((await t.request('POST', path, { token: clerkA.access, body: { body: 'x' } })).status).toBe(403);
  });
});
