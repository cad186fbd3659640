import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { upload } from '../../test/master-data.ts';
import { repetitiveXml, type ZipFile, zipOf } from '../../test/zip-builder.ts';
import { firstSheet } from './import-sheet.ts';

/**
 * Uploaded workbooks that unpack to far more than they weigh (#37): refused from what the archive
 * declares, or from what it turns out to hold, before the xlsx reader unpacks anything, with a
 * message saying what a sheet may hold; the API process's memory is given back.
 */
let t: TestApp;
let admin: Session;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const workbook = (sheet: ZipFile): ZipFile[] => [
  { name: '[Content_Types].xml', chunks: () => [Buffer.from('<?xml version="1.0"?><Types/>')] },
  { name: 'xl/workbook.xml', chunks: () => [Buffer.from('<?xml version="1.0"?><workbook/>')] },
  sheet,
];
const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  await makeAmcos(t, 'Zip');
});
afterAll(() => t.close());

describe('uploaded workbooks that unpack to gigabytes', () => {
  it('refuses a 600 MB sheet packed small, from its declared size, and keeps the memory it had', async () => {
    const bomb = await zipOf(
      workbook({ name: 'xl/worksheets/sheet1.xml', chunks: () => repetitiveXml(600) }),
    );
    // The whole file is a few MB at most, well under the 10 MB body limit.
    expect(bomb.length).toBeLessThan(5 * MB);
    global.gc?.();
    const before = rss();
    for (const path of [
      '/collections/farmers/import/preview',
      '/collections/farmer-requests/import?season_crop_id=018f0000-0000-7000-8000-000000000001',
    ]) {
      const r = await upload<{ message: string }>(
        t,
        path,
        { name: 'bomb.xlsx', type: XLSX, bytes: bomb },
        admin.access,
      );
      expect([path, r.status, r.body.message]).toEqual([
        path,
        400,
        'The workbook was not read: it unpacks to more than 50 MB. An import sheet may hold at most 20,000 rows / 50 MB unpacked',
      ]);
    }
    // Reading it would have taken the process to gigabytes; refusing it costs next to nothing.
    expect(rss() - before).toBeLessThan(150 * MB);
  }, 60_000);

  it('refuses an entry packed far tighter than a spreadsheet ever is, within the total', async () => {
    const tight = await zipOf(
      workbook({ name: 'xl/worksheets/sheet1.xml', chunks: () => repetitiveXml(40) }),
    );
    await expect(firstSheet(tight, 500)).rejects.toThrow(
      /^The workbook was not read: xl\/worksheets\/sheet1\.xml is packed \d+ to 1, more than 100 to 1\. An import sheet may hold at most 500 rows \/ 50 MB unpacked$/,
    );
  });

  it('refuses an archive that lies about its size, having unpacked no more than it declared', async () => {
    const liar = await zipOf(
      workbook({
        name: 'xl/worksheets/sheet1.xml',
        chunks: () => repetitiveXml(30),
        declareUnpacked: 200_000,
      }),
    );
    global.gc?.();
    const before = rss();
    await expect(firstSheet(liar)).rejects.toThrow(
      'The workbook was not read: xl/worksheets/sheet1.xml unpacks to more than it declares, or is damaged. An import sheet may hold at most 20,000 rows / 50 MB unpacked',
    );
    expect(rss() - before).toBeLessThan(50 * MB);
  });

  it('still reads a real workbook (the farmers template)', async () => {
    const template = await t.request('GET', '/collections/farmers/import/template?format=xlsx', {
      token: admin.access,
    });
    const sheet = await firstSheet(Buffer.from(template.raw));
    expect(sheet.actualRowCount).toBe(2);
  });
});
