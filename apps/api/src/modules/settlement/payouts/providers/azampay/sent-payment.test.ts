import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../../test/harness.ts';
import { sentPaymentReader } from './sent-payment.ts';

describe("the AzamPay adapter's reader of a sent line's reference, on the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reads the payout and payment lines (nothing for a line that is not there or an id that is no UUID)', async () => {
    const read = sentPaymentReader(t.db);
    expect(await read(randomUUID())).toBeNull();
    expect(await read('not-a-line')).toBeNull();
  });
});
