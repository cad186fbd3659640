import { OPENING_COLUMNS, OPENING_KINDS } from '@ushirika/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let accountant: Session;

beforeAll(async () => {
  t = await startTestApp();
  accountant = await sessionAs(t, 'Accountant');
});
afterAll(() => t.close());

describe('going live: every opening template opens in a spreadsheet (#36)', () => {
  it.each(OPENING_KINDS)(
    '%s: an xlsx whose first row is the columns in order, then an example',
    async (kind) => {
      const file = await t.request('GET', `/accounts/opening/${kind}/template?format=xlsx`, {
        token: accountant.access,
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="opening-${kind.replace(/_/g, '-')}.xlsx"`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.raw);
      const sheet = workbook.worksheets[0];
      expect(((sheet?.getRow(1).values ?? []) as string[]).slice(1)).toEqual([...OPENING_COLUMNS[kind]]);
      expect(sheet?.rowCount).toBeGreaterThan(1);
      // The example rows fill every column the kind requires a value in (the first one at least).
      expect(String(sheet?.getRow(2).getCell(1).value ?? '')).not.toBe('');
    },
  );

  it('the csv template starts with the same header row', async () => {
    for (const kind of OPENING_KINDS) {
      const file = await t.request('GET', `/accounts/opening/${kind}/template?format=csv`, {
        token: accountant.access,
      });
      expect(file.status).toBe(200);
      expect(new TextDecoder().decode(file.raw).split('\r\n')[0]).toBe(OPENING_COLUMNS[kind].join(','));
    }
  });
});
