import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import { nida } from '../master-data.ts';
import { accessToken, apiCall as call } from './child-server.ts';
import { useKillableServer } from './killable-server.ts';
import { seededRandom } from './openapi-walk.ts';

/**
 * The server as a child process, killed with SIGKILL in the middle of a 2,000-farmer import, then
 * started again on the same database (PGlite data directory, or a PostgreSQL database): the import
 * either happened whole or not at all, numbers have no gap and no duplicate, and the same sheet
 * imports once afterwards. Kill moments are seeded (HARDENING_SEED).
 */
const ADMIN = { email: 'admin@kill.ushirika.test', first: 'Kill#First2026', password: 'Kill#Admin2026' };
const ROWS = 2000;
const server = useKillableServer('kill', ADMIN);

function upload(base: string, token: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'farmers.csv');
  return fetch(`${base}/api/collections/farmers/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Every farmer number of the society, in order. */
async function farmerNumbers(base: string, token: string, amcosId: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const list = await call<{ data: { farmerNo: string }[]; meta: { total: number } }>(
      base,
      'GET',
      `/collections/farmers?amcos_id=${amcosId}&per_page=200&page=${page}`,
      undefined,
      token,
    );
    numbers.push(...list.body.data.map((f) => f.farmerNo));
    if (list.body.data.length < 200) break;
  }
  return numbers.sort();
}

it('a farmer import killed with SIGKILL happened whole or not at all; numbers stay gap-free after restart', async () => {
  await server.open();
  let token = await accessToken(server.url, ADMIN.email, ADMIN.password);
  const makeSociety = async (name: string) =>
    (
      await call<{ data: { id: string; code: string } }>(
        server.url,
        'POST',
        '/amcos',
        { code: `K${randomInt(1_000_000)}`, name },
        token,
      )
    ).body.data;
  const sheetFor = (code: string) => {
    const block = `2557${String(randomInt(10_000)).padStart(4, '0')}`;
    return `amcos_code,first_name,middle_name,last_name,gender,date_of_birth,national_id,phone,bank_code,account_no,village,farm_crop,farm_acres,farm_trees,latitude,longitude\r\n${Array.from(
      { length: ROWS },
      (_, i) =>
        `${code},Farmer${i},,Killed,${i % 2 ? 'M' : 'F'},,${nida()},${block}${String(i).padStart(4, '0')},,,,,,,,`,
    ).join('\r\n')}\r\n`;
  };
  // How long one import takes here, so the kills land inside one.
  const timed = await makeSociety('Timed Import AMCOS');
  const started = performance.now();
  expect((await upload(server.url, token, sheetFor(timed.code))).status).toBe(200);
  const importMs = performance.now() - started;
  const { id: amcosId, code } = await makeSociety('Killed Import AMCOS');
  const sheet = sheetFor(code);

  const r = seededRandom(Number(process.env.HARDENING_SEED ?? 20261125));
  const outcomes: number[] = [];
  for (let kill = 0; kill < 3; kill++) {
    const reply = upload(server.url, token, sheet).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, importMs * (0.2 + 0.7 * r.next())));
    await server.kill();
    await reply;
    await server.start();
    token = await accessToken(server.url, ADMIN.email, ADMIN.password);
    const numbers = await farmerNumbers(server.url, token, amcosId);
    outcomes.push(numbers.length);
    // All or nothing.
    expect([0, ROWS]).toContain(numbers.length);
    if (numbers.length === ROWS) break;
  }
  // Whatever the kills left, importing the sheet again leaves exactly one copy of it.
  const again = await upload(server.url, token, sheet);
  const numbers = await farmerNumbers(server.url, token, amcosId);
  expect(numbers).toHaveLength(ROWS);
  expect(new Set(numbers).size).toBe(ROWS);
  const serials = numbers.map((n) => Number(n.match(/(\d+)$/)?.[1]));
  expect((serials.at(-1) ?? 0) - (serials[0] ?? 0)).toBe(ROWS - 1);
  expect([200, 400]).toContain(again.status);
  console.log(
    `kill test: one import takes ${Math.round(importMs)} ms; farmers after each kill ${outcomes.join(', ')}; re-import answered ${again.status}`,
  );
}, 600_000);
