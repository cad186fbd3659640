import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { type Listed, uniq, upload } from '../../../test/master-data.ts';
import { tableDefinition } from '../accounts/reports/pdf.ts';
import { unionLetterhead } from './union.ts';

let t: TestApp;
let admin: Session;
let clerk: Session;
useTestAppWithClerk((s) => {
  ({ t, admin, clerk } = s);
});

// 1x1 transparent PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('union profile', () => {
  it('exists from the start, saves with a message, and keeps the change in its history', async () => {
    const first = await t.request<{ data: { name: string } }>('GET', '/cooperative/union', {
      token: admin.access,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.name).toBe('Cooperative Union');
    const saved = await t.request<{ message: string; data: Record<string, unknown> }>(
      'PUT',
      '/cooperative/union',
      {
        token: admin.access,
        body: {
          name: 'Tandahimba Newala Cooperative Union',
          tin: '123-456-789',
          phone: '0754 000111',
          email: 'info@tanecu.test',
        },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Union profile updated successfully',
      data: {
        name: 'Tandahimba Newala Cooperative Union',
        tin: '123456789',
        phone: '255754000111',
        logo: null,
      },
    });
    const history = await t.request<{ data: { action: string }[] }>(
      'GET',
      '/audit/union/00000000-0000-7000-8000-000000000001',
      { token: admin.access },
    );
    expect(history.body.data.map((e) => e.action)).toContain('updated');
  });

  it('refuses a bad TIN with a clear message and changes nothing', async () => {
    const r = await t.request('PUT', '/cooperative/union', {
      token: admin.access,
      body: { name: 'X Union', tin: '12' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'A TIN has 9 digits, e.g. 123-456-789' });
    const now = await t.request<{ data: { name: string } }>('GET', '/cooperative/union', {
      token: admin.access,
    });
    expect(now.body.data.name).toBe('Tandahimba Newala Cooperative Union');
  });

  it('takes a PNG logo by multipart upload and serves it back', async () => {
    const r = await upload<{ data: { logo: string } }>(
      t,
      '/cooperative/union/logo',
      { name: 'logo.png', type: 'image/png', bytes: PNG },
      admin.access,
      'logo',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.logo).toMatch(/^\/api\/cooperative\/union\/logo\?v=\d+$/);
    const image = await fetch(`${t.url}${r.body.data.logo}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // Every PDF carries it under the union's name and address: a report and a document alike.
    const report = await t.request('GET', '/reports/trial-balance?book=operation&format=pdf', {
      token: admin.access,
    });
    expect(new TextDecoder('latin1').decode(report.raw)).toMatch(/\/Subtype \/Image/);
    const letterhead = await unionLetterhead(t.db);
    expect(letterhead).toMatchObject({
      name: 'Tandahimba Newala Cooperative Union',
      logo: { type: 'image/png', bytes: PNG },
    });
    expect(
      JSON.stringify(
        tableDefinition({ title: 'T', subtitle: [], columns: [], rows: [] }, letterhead).content[0],
      ),
    ).toContain(`"image":"data:image/png;base64,${PNG.toString('base64')}"`);
  });

  it('refuses a logo that is not an image, whatever its name says', async () => {
    const r = await upload(
      t,
      '/cooperative/union/logo',
      { name: 'logo.png', type: 'image/png', bytes: 'not an image' },
      admin.access,
      'logo',
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'This image type is not allowed. Use PNG, JPEG, GIF or AVIF.' });
  });

  it('is the union’s to edit: an AMCOS user may read it but not change it', async () => {
    expect((await t.request('GET', '/cooperative/union', { token: clerk.access })).status).toBe(200);
    const r = await t.request('PUT', '/cooperative/union', {
      token: clerk.access,
      body: { name: 'Mine now' },
    });
    expect(r.status).toBe(403);
  });
});

describe('banks', () => {
  it('creates, refuses a duplicate short code with 409, lists, searches and exports', async () => {
    const code = `B${uniq()}`;
    const created = await t.request<{ message: string; data: { id: string } }>('POST', '/cooperative/banks', {
      token: admin.access,
      body: { name: `CRDB Bank ${code}`, shortCode: code, swift: 'corutztz' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Bank created successfully',
      data: { shortCode: code, swift: 'CORUTZTZ', active: true },
    });
    const duplicate = await t.request('POST', '/cooperative/banks', {
      token: admin.access,
      body: { name: `Other ${code}`, shortCode: code },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: 'A bank with this short code already exists' });
    const bad = await t.request('POST', '/cooperative/banks', {
      token: admin.access,
      body: { name: 'X', shortCode: 'A', swift: '12' },
    });
    expect(bad.status).toBe(400);
    const found = await t.request<Listed<{ shortCode: string }>>('GET', `/cooperative/banks?search=${code}`, {
      token: clerk.access,
    });
    expect(found.body.data.map((b) => b.shortCode)).toEqual([code]);
    const file = await t.request('GET', `/cooperative/banks?search=${code}&format=xlsx`, {
      token: admin.access,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw);
    expect(workbook.worksheets[0]?.getRow(2).getCell(2).value).toBe(code);
  });
});

describe('regions, districts and councils', () => {
  it('are seeded: 31 regions and the councils of the cashew and sesame regions', async () => {
    const regions = await t.request<Listed<{ name: string; districtCount: number }>>(
      'GET',
      '/cooperative/regions?per_page=50',
      {
        token: admin.access,
      },
    );
    expect(regions.body.meta.total).toBe(31);
    const mtwara = await t.request<Listed<{ name: string; kind: string; districtName: string }>>(
      'GET',
      '/cooperative/councils?search=Tandahimba',
      { token: admin.access },
    );
    expect(mtwara.body.data).toEqual([
      expect.objectContaining({
        name: 'Tandahimba District Council',
        kind: 'district',
        districtName: 'Tandahimba',
        regionName: 'Mtwara',
      }),
    ]);
    for (const region of ['Lindi', 'Ruvuma', 'Pwani', 'Tanga', 'Morogoro', 'Dodoma', 'Singida', 'Manyara']) {
      const r = await t.request<Listed<unknown>>('GET', `/cooperative/councils?search=${region}`, {
        token: admin.access,
      });
      expect(r.body.meta.total, region).toBeGreaterThan(0);
    }
  });

  it('are editable: a council can be added to a district and renamed', async () => {
    const districts = await t.request<Listed<{ id: string; name: string }>>(
      'GET',
      '/cooperative/districts?search=Masasi',
      {
        token: admin.access,
      },
    );
    const districtId = districts.body.data[0]?.id;
    const name = `Lukuledi ${uniq()} Town Council`;
    const created = await t.request<{ data: { id: string } }>('POST', '/cooperative/councils', {
      token: admin.access,
      body: { name, kind: 'town', districtId },
    });
    expect(created.status).toBe(201);
    const renamed = await t.request('PATCH', `/cooperative/councils/${created.body.data.id}`, {
      token: admin.access,
      body: { name: `${name} (renamed)` },
    });
    expect(renamed.body).toMatchObject({ data: { name: `${name} (renamed)`, regionName: 'Mtwara' } });
    const clash = await t.request('POST', '/cooperative/councils', {
      token: admin.access,
      body: { name: 'Masasi Town Council', kind: 'town', districtId },
    });
    expect(clash.status).toBe(409);
    const unknown = await t.request('POST', '/cooperative/councils', {
      token: admin.access,
      body: { name: `Nowhere ${uniq()}`, kind: 'town', districtId: '0190a4c2-0000-7000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'The chosen district does not exist' });
  });

  it('refuse AMCOS users any change', async () => {
    const r = await t.request('POST', '/cooperative/regions', {
      token: clerk.access,
      body: { name: 'New', code: 'NEW' },
    });
    expect(r.status).toBe(403);
  });
});
