import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoMasterData } from '../../test/demo.ts';
import type { TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { loadDemoDevice } from './demo-devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startDemoMasterData();
}, 480_000);
afterAll(() => t.close());

describe('the demo weighing device (#29)', () => {
  it("registers Mkuranga's D01 with four stored receipts and one kept for review; a second run changes nothing", async () => {
    expect(await loadDemoDevice(t.db)).toEqual({
      skipped: false,
      device: 'MKW01-D01',
      stored: 4,
      flagged: 1,
    });
    const receipts = await queryRows(
      t.db,
      z.object({ receiptNo: z.string(), status: z.string(), reason: z.string().nullable() }),
      sql`select r.receipt_no as "receiptNo", r.status, r.reason_code as reason
          from offline_receipts r order by r.receipt_no`,
    );
    expect(receipts.map((r) => [r.status, r.reason])).toEqual([
      ['stored', null],
      ['stored', null],
      ['stored', null],
      ['stored', null],
      ['needs_review', 'outside_limits'],
    ]);
    expect(receipts[0]?.receiptNo).toMatch(/^MKW01-D01-\d{4}-000001$/);
    const collections = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from collections where receipt_no like 'MKW01-D01-%'`,
    );
    expect(collections[0]?.n).toBe(4);
    expect((await loadDemoDevice(t.db)).skipped).toBe(true);
  });
});
