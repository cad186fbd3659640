import { randomInt } from 'node:crypto';
import { FARMER_IMPORT_COLUMNS } from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type Listed, nida, uniq, upload } from '../../../test/master-data.ts';

type Row = { id: string; firstName: string; middleName: string | null; lastName: string; amcosId: string };
type Meta = Listed<Row>['meta'] & { total_capped?: boolean };

let t: TestApp;
let admin: Session;
let clerkA: Session;
let societyA: { id: string; code: string };
let societyB: { id: string; code: string };
// One surname per run, so the matches are only this file's farmers.
const surname = `Zq${uniq().toLowerCase()}`;

// This file's phones: a random block of 10,000 numbers, then one number per farmer, so a sheet of a
// thousand farmers never holds the same phone twice (random phones did, about once in 200 runs).
const phoneBlock = `2557${String(randomInt(10_000)).padStart(4, '0')}`;
let phoneSeq = 0;
const nextPhone = () => `${phoneBlock}${String(phoneSeq++).padStart(4, '0')}`;

async function importFarmers(code: string, rows: [string, string, string][]) {
  const lines = rows.map(([first, middle, last], i) =>
    [
      code,
      first,
      middle,
      last,
      i % 2 ? 'Male' : 'Female',
      '',
      nida(),
      nextPhone(),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ].join(','),
  );
  const text = `${[FARMER_IMPORT_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
  const r = await upload<{ imported: number }>(
    t,
    '/collections/farmers/import',
    { name: 'farmers.csv', type: 'text/csv', bytes: text },
    admin.access,
  );
  if (r.status !== 200 || r.body.imported !== rows.length)
    throw new Error(`import failed ${r.status} ${JSON.stringify(r.body)}`);
}

async function search(session: Session, q: string, extra = '') {
  const r = await t.request<{ data: Row[]; meta: Meta }>(
    'GET',
    `/collections/farmers?search=${encodeURIComponent(q)}${extra}`,
    { token: session.access },
  );
  expect(r.status).toBe(200);
  return r.body;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  societyA = await makeAmcos(t, 'Search A');
  societyB = await makeAmcos(t, 'Search B');
  clerkA = await sessionAs(t, 'AMCOS Clerk', { amcosId: societyA.id });
  await importFarmers(societyA.code, [
    ['Amina', '', surname],
    ['Amani', 'Juma', surname],
    ['Salma', 'Aminata', surname],
    [`${surname}x`, '', 'Mussa'],
  ]);
  await importFarmers(societyB.code, [['Aminiel', '', surname]]);
});
afterAll(() => t.close());

describe('name search', () => {
  it('matches the start of the first or last name, in name order, whatever the case', async () => {
    const names = (b: { data: Row[] }) => b.data.map((f) => `${f.firstName} ${f.lastName}`);
    expect(names(await search(admin, surname.toUpperCase()))).toEqual([
      `Amani ${surname}`,
      `Amina ${surname}`,
      `Aminiel ${surname}`,
      `Salma ${surname}`,
      `${surname}x Mussa`,
    ]);
    // Every further word must begin one of the names, the middle name included.
    expect(names(await search(admin, `amin ${surname}`))).toEqual([`Amina ${surname}`, `Aminiel ${surname}`]);
    expect(names(await search(admin, `${surname} aminata`))).toEqual([`Salma ${surname}`]);
    expect(names(await search(admin, `${surname} jum`))).toEqual([`Amani ${surname}`]);
    // The middle of a name is not its start; LIKE wildcards are plain characters.
    expect((await search(admin, surname.slice(2))).meta.total).toBe(0);
    expect((await search(admin, `${surname.slice(0, 3)}%`)).meta.total).toBe(0);
  });

  it('pages through the matches in the same order', async () => {
    const first = await search(admin, surname, '&per_page=2');
    const second = await search(admin, surname, '&per_page=2&page=2');
    const third = await search(admin, surname, '&per_page=2&page=3');
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 5 });
    expect([...first.data, ...second.data, ...third.data].map((f) => f.firstName)).toEqual([
      'Amani',
      'Amina',
      'Aminiel',
      'Salma',
      `${surname}x`,
    ]);
  });

  it('an AMCOS user finds only their own society’s farmers', async () => {
    const mine = await search(clerkA, surname);
    expect(mine.meta.total).toBe(4);
    expect(new Set(mine.data.map((f) => f.amcosId))).toEqual(new Set([societyA.id]));
    expect((await search(clerkA, 'aminiel')).meta.total).toBe(0);
    expect((await search(clerkA, 'aminiel', `&amcos_id=${societyB.id}`)).meta.total).toBe(0);
  });

  it('other sorts and filters still apply to a name search', async () => {
    const byLast = await search(admin, surname, '&sort=last_name:desc');
    expect(byLast.data.at(-1)?.lastName).toBe('Mussa');
    expect((await search(admin, surname, `&amcos_id=${societyB.id}`)).data.map((f) => f.firstName)).toEqual([
      'Aminiel',
    ]);
  });
});

describe('phone search (#20)', () => {
  it('finds farmers by the start of their phone, typed as people write it, within the user’s society', async () => {
    // This file's farmers so far hold phones ${phoneBlock}0000 to 0004 (A: four, B: one).
    const local = `0${phoneBlock.slice(3)}`;
    expect((await search(admin, `${local.slice(0, 4)} ${local.slice(4)}000`)).meta.total).toBe(5);
    expect((await search(admin, `+${phoneBlock}000`)).meta.total).toBe(5);
    expect((await search(admin, `${phoneBlock.slice(3)}0000`)).data.map((f) => f.firstName)).toEqual([
      'Amina',
    ]);
    expect((await search(clerkA, `${local}000`)).meta.total).toBe(4);
    // The whole number still finds its one farmer.
    expect((await search(admin, `${phoneBlock}0004`)).data.map((f) => f.firstName)).toEqual(['Aminiel']);
  });
});

describe('counting', () => {
  it('stops counting after 1,000 matches past the page and says there are more', async () => {
    const many = `Zm${uniq().toLowerCase()}`;
    await importFarmers(
      societyA.code,
      Array.from({ length: 1003 }, (_, i): [string, string, string] => [`F${i}`, '', many]),
    );
    const r = await search(admin, many);
    expect(r.meta).toEqual({ page: 1, per_page: 25, total: 1000, total_capped: true });
    const deep = await search(admin, many, '&page=40');
    expect(deep.meta).toEqual({ page: 40, per_page: 25, total: 1003 });
    expect(deep.data).toHaveLength(25);
    const all = await t.request<{ meta: Meta }>('GET', `/collections/farmers?amcos_id=${societyA.id}`, {
      token: clerkA.access,
    });
    expect(all.body.meta).toMatchObject({ total: 1000, total_capped: true });
  });
});

describe('the farmer picker’s search (#27)', () => {
  type Option = { id: string; farmerNo: string; firstName: string; lastName: string; amcosId: string };
  const pick = async (session: Session, q: string, extra = '') => {
    const r = await t.request<{ data: Option[] }>(
      'GET',
      `/collections/farmers/search?q=${encodeURIComponent(q)}${extra}`,
      { token: session.access },
    );
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const names = (rows: Option[]) => rows.map((f) => `${f.firstName} ${f.lastName}`);

  it('finds farmers by part of a name, a few at a time, within the user’s society', async () => {
    expect(names(await pick(clerkA, `ami ${surname.slice(0, 4)}`))).toEqual([
      `Amina ${surname}`,
      // The middle name counts for the second word; Aminiel is society B's.
    ]);
    expect(names(await pick(admin, `ami ${surname}`))).toEqual([`Amina ${surname}`, `Aminiel ${surname}`]);
    expect(await pick(admin, surname, '&limit=2')).toHaveLength(2);
    // Another society's farmer stays hidden whatever filter an AMCOS user sends.
    expect(await pick(clerkA, 'aminiel')).toEqual([]);
    expect(await pick(clerkA, 'aminiel', `&amcos_id=${societyB.id}`)).toEqual([]);
    expect(names(await pick(admin, surname, `&amcos_id=${societyB.id}`))).toEqual([`Aminiel ${surname}`]);
  });

  it('finds by the start of a farmer number, the whole number first, and by the sequence alone for one society', async () => {
    const [amina] = await pick(clerkA, `amina ${surname}`);
    if (!amina) throw new Error('no Amina');
    const whole = await pick(clerkA, amina.farmerNo.toLowerCase());
    expect(whole.map((f) => f.id)).toEqual([amina.id]);
    const started = await pick(admin, `${societyA.code}-0`);
    expect(started.length).toBeGreaterThan(1);
    expect(new Set(started.map((f) => f.amcosId))).toEqual(new Set([societyA.id]));
    const seq = String(Number(amina.farmerNo.split('-')[1]));
    expect((await pick(clerkA, seq)).map((f) => f.farmerNo)).toContain(amina.farmerNo);
    expect((await pick(clerkA, seq))[0]?.farmerNo).toBe(amina.farmerNo);
    // A union user's bare digits name no society's sequence unless they chose one.
    expect((await pick(admin, seq, `&amcos_id=${societyA.id}`))[0]?.farmerNo).toBe(amina.farmerNo);
  });

  it('finds by the start of a phone as people write it', async () => {
    // This file's first five farmers hold phones ${phoneBlock}0000 to 0004 (A: four, B: one).
    const local = `0${phoneBlock.slice(3)}`;
    expect(names(await pick(clerkA, `${local.slice(0, 4)} ${local.slice(4)}0000`))).toEqual([
      `Amina ${surname}`,
    ]);
    expect(names(await pick(admin, `+${phoneBlock}0004`))).toEqual([`Aminiel ${surname}`]);
    expect(await pick(clerkA, `+${phoneBlock}0004`)).toEqual([]);
  });

  it('answers no match with an empty list, never a 404, and refuses malformed queries with a message', async () => {
    expect(await pick(admin, 'Qqzzxnobody')).toEqual([]);
    expect(await pick(admin, '%_%')).toEqual([]);
    for (const query of ['q=', 'q=%20%20', 'q=ami&limit=50', 'q=ami&limit=x', 'q=ami&amcos_id=nope', '']) {
      const r = await t.request<{ message: string }>('GET', `/collections/farmers/search?${query}`, {
        token: admin.access,
      });
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toBeTruthy();
    }
    const anonymous = await t.request('GET', '/collections/farmers/search?q=ami');
    expect(anonymous.status).toBe(401);
  });
});
