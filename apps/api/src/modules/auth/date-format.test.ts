import type { SessionUser } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';

/** A user's date format (#37): kept on their record, and followed by the files made for them. */
let t: TestApp;
let admin: Session;
let other: Session;
beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  other = await sessionAs(t, 'Accountant');
});
afterAll(() => t.close());

const me = async (s: Session) =>
  (await t.request<{ data: SessionUser }>('GET', '/auth/me', { token: s.access })).body.data;

describe('date format preference', () => {
  it('is month/day/year until the user chooses day/month/year on their profile; nobody else changes', async () => {
    expect((await me(admin)).dateFormat).toBe('mdy');
    const refused = await t.request<{ errors?: Record<string, string[]> }>('PATCH', '/auth/profile', {
      token: admin.access,
      body: { dateFormat: 'ymd' },
    });
    expect(refused.status).toBe(400);
    expect((await me(admin)).dateFormat).toBe('mdy');
    const saved = await t.request<{ data: SessionUser }>('PATCH', '/auth/profile', {
      token: admin.access,
      body: { dateFormat: 'dmy' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.dateFormat).toBe('dmy');
    expect((await me(admin)).dateFormat).toBe('dmy');
    expect((await me(other)).dateFormat).toBe('mdy');
  });

  it('writes the dates of a file in the reader’s order: day first when asked, in English', async () => {
    const today = todayInTanzania();
    const [y, m, d] = today.split('-');
    const csv = async (dateFormat?: string, lang?: string) => {
      const r = await t.request('GET', '/users?format=csv', {
        token: admin.access,
        ...(dateFormat ? { dateFormat } : {}),
        ...(lang ? { lang } : {}),
      });
      expect(r.status).toBe(200);
      return new TextDecoder().decode(r.raw);
    };
    expect(await csv()).toContain(`${m}/${d}/${y}`);
    expect(await csv('dmy')).toContain(`${d}/${m}/${y}`);
    expect(await csv('dmy')).not.toContain(`${m}/${d}/${y}`);
    expect(await csv('mdy', 'sw')).toContain(`${d}/${m}/${y}`);
    const sheet = async (dateFormat: string) => {
      const r = await t.request('GET', '/users?format=xlsx', { token: admin.access, dateFormat });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(r.raw);
      const ws = workbook.worksheets[0];
      if (!ws) throw new Error('no sheet');
      const headers = (ws.getRow(1).values as unknown[]).slice(1);
      return ws.getRow(2).getCell(headers.indexOf('Created') + 1).numFmt;
    };
    expect(await sheet('mdy')).toBe('mm/dd/yyyy');
    expect(await sheet('dmy')).toBe('dd/mm/yyyy');
  });
});
