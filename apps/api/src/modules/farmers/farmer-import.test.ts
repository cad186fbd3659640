import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type Listed, nida, phone, uniq, upload } from '../../../test/master-data.ts';

let t: TestApp;
let admin: Session;
let clerk: Session;
let mine: { id: string; code: string };
let other: { id: string; code: string };
let bankCode: string;

const HEADER =
  'amcos_code,first_name,middle_name,last_name,gender,date_of_birth,national_id,phone,bank_code,account_no,village,farm_crop,farm_acres,farm_trees,latitude,longitude';
const csv = (lines: string[]) => `${HEADER}\r\n${lines.join('\r\n')}\r\n`;
const sheet = (text: string) => ({ name: 'farmers.csv', type: 'text/csv', bytes: text });

type Preview = {
  rows: number;
  valid: number;
  invalid: number;
  errors: { row: number; column: string; message: string }[];
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  mine = await makeAmcos(t, 'Chiungutwa');
  other = await makeAmcos(t, 'Lukuledi');
  clerk = await sessionAs(t, 'AMCOS Clerk', { amcosId: mine.id });
  bankCode = `NMB${uniq()}`;
  await t.request('POST', '/cooperative/banks', {
    token: admin.access,
    body: { name: `NMB ${bankCode}`, shortCode: bankCode },
  });
});
afterAll(() => t.close());

describe('farmer import', () => {
  it('offers a template in xlsx and csv with the columns in order', async () => {
    const file = await t.request('GET', '/collections/farmers/import/template?format=xlsx', {
      token: clerk.access,
    });
    expect(file.headers.get('content-disposition')).toContain('farmers-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw);
    const header = ((workbook.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1);
    expect(header.join(',')).toBe(HEADER);
    const text = await t.request('GET', '/collections/farmers/import/template?format=csv', {
      token: clerk.access,
    });
    expect(new TextDecoder().decode(text.raw).split('\r\n')[0]).toBe(HEADER);
  });

  it('previews row by row: missing names, bad phone, unknown AMCOS, duplicate ID; saves nothing', async () => {
    const id = nida();
    const text = csv([
      `${mine.code},Asha,,Mtalika,F,1985-04-12,${id},${phone()},${bankCode},0152000111,Mangaka,CASHEW,2.5,120,-10.9621,38.7684`,
      `${mine.code},,,Mtalika,Female,,,,,,,,,,,`,
      `${mine.code},Juma,,Mfaume,Male,,,12ab,,,,,,,,`,
      `NOPE1,Rehema,,Kisanga,Female,,,,,,,,,,,`,
      `${mine.code},Halima,,Mbonde,Female,,${id},,,,,,,,,`,
      `${mine.code},Said,,Ally,Mwanaume,,,,,,,sesame,1,,,`,
    ]);
    const before = await t.request<Listed<unknown>>('GET', '/collections/farmers', { token: admin.access });
    const r = await upload<Preview>(t, '/collections/farmers/import/preview', sheet(text), admin.access);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rows: 6, valid: 2, invalid: 4 });
    expect(r.body.errors).toEqual([
      { row: 3, column: 'first_name', message: 'Enter the first name' },
      { row: 4, column: 'phone', message: 'Enter a phone number of 9 to 15 digits, e.g. 255712345678' },
      { row: 5, column: 'amcos_code', message: 'Unknown AMCOS NOPE1' },
      { row: 6, column: 'national_id', message: 'Duplicate national ID: also on row 2' },
    ]);
    const after = await t.request<Listed<unknown>>('GET', '/collections/farmers', { token: admin.access });
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it('imports the valid rows in one go, numbered in order, with farms; reports the skipped rows', async () => {
    const text = csv([
      `${mine.code},Asha,Hamisi,Mtalika,Female,1985-04-12,${nida()},${phone()},${bankCode},0152000111,Mangaka,CASHEW,2.5,120,-10.9621,38.7684`,
      `${mine.code},,,Mtalika,Female,,,,,,,,,,,`,
      `${mine.code},Said,,Ally,M,,,,,,,Sesame,1,,,`,
    ]);
    const r = await upload<Preview & { message: string; imported: number; firstNo: string; lastNo: string }>(
      t,
      '/collections/farmers/import',
      sheet(text),
      clerk.access,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      message: '2 farmers imported successfully',
      imported: 2,
      invalid: 1,
      firstNo: `${mine.code}-00001`,
      lastNo: `${mine.code}-00002`,
    });
    const asha = await t.request<{
      data: {
        farms: { cropName: string; acres: string; trees: number; location: unknown }[];
        bankName: string;
      };
    }>('GET', `/collections/farmers/number/${mine.code}-00001`, { token: clerk.access });
    expect(asha.body.data).toMatchObject({
      middleName: 'Hamisi',
      bankName: `NMB ${bankCode}`,
      farms: [
        { cropName: 'Cashew nuts', acres: '2.50', trees: 120, location: { lat: -10.9621, lng: 38.7684 } },
      ],
    });
    const history = await t.request<{ data: { action: string }[] }>(
      'GET',
      `/audit/farmer/${(asha.body.data as unknown as { id: string }).id}`,
      {
        token: admin.access,
      },
    );
    expect(history.body.data.map((e) => e.action)).toEqual(['imported']);
  });

  it('refuses rows whose national ID or phone a registered farmer already has', async () => {
    const taken = phone();
    await t.request('POST', '/collections/farmers', {
      token: admin.access,
      body: { amcosId: other.id, firstName: 'Zawadi', lastName: 'Mollel', gender: 'Female', phone: taken },
    });
    const r = await upload<Preview>(
      t,
      '/collections/farmers/import/preview',
      sheet(csv([`${mine.code},Asha,,Mtalika,F,,,0${taken.slice(3)},,,,,,,,`])),
      clerk.access,
    );
    expect(r.body.errors).toEqual([
      { row: 2, column: 'phone', message: 'A farmer of another society already has this phone number' },
    ]);
  });

  it('keeps an AMCOS user to their own society; a blank code means theirs', async () => {
    const r = await upload<Preview>(
      t,
      '/collections/farmers/import/preview',
      sheet(csv([`${other.code},Asha,,Mtalika,F,,,,,,,,,,,`, `,Juma,,Mfaume,M,,,,,,,,,,,`])),
      clerk.access,
    );
    expect(r.body).toMatchObject({ valid: 1, invalid: 1 });
    expect(r.body.errors[0]).toEqual({
      row: 2,
      column: 'amcos_code',
      message: `You can import farmers of your own society (${mine.code}) only`,
    });
  });

  it('reads xlsx uploads too, and says clearly when the file is not a farmers sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Farmers');
    ws.addRow(HEADER.split(','));
    ws.addRow([
      mine.code,
      'Neema',
      '',
      'Swai',
      'Female',
      '',
      nida(),
      phone(),
      '',
      '',
      'Chipite',
      'CASHEW',
      '1.5',
      '60',
      -10.8,
      38.9,
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const ok = await upload<Preview>(
      t,
      '/collections/farmers/import/preview',
      {
        name: 'farmers.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes,
      },
      clerk.access,
    );
    expect(ok.body).toMatchObject({ rows: 1, valid: 1, invalid: 0 });
    const wrong = await upload(
      t,
      '/collections/farmers/import/preview',
      sheet('name,age\r\nx,1\r\n'),
      clerk.access,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message:
        'The sheet has no first_name, last_name, gender column. Download the template to see the columns.',
    });
    const none = await upload(
      t,
      '/collections/farmers/import',
      sheet(csv([`${mine.code},,,X,F,,,,,,,,,,,`])),
      clerk.access,
    );
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      message: 'No row can be imported: correct the errors and upload the sheet again',
    });
  });

  it('imports 2,000 rows in one request and numbers them without gaps', async () => {
    // Phones from one random block of 10,000: 2,000 random phones collided in about one run in 50.
    const block = `2557${String(randomInt(10_000)).padStart(4, '0')}`;
    const lines = Array.from(
      { length: 2000 },
      (_, i) =>
        `${mine.code},Farmer${i},,Bulk,${i % 2 ? 'M' : 'F'},,${nida()},${block}${String(i).padStart(4, '0')},,,,,,,,`,
    );
    const r = await upload<{ imported: number; firstNo: string; lastNo: string }>(
      t,
      '/collections/farmers/import',
      sheet(csv(lines)),
      admin.access,
    );
    expect(r.status).toBe(200);
    expect(r.body.imported).toBe(2000);
    const first = Number(r.body.firstNo.split('-')[1]);
    expect(Number(r.body.lastNo.split('-')[1]) - first).toBe(1999);
  });
});
