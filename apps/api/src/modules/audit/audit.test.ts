import type { AuditEvent } from '@ushirika/contracts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { recordAudit } from '../../platform/audit.ts';
import { accountId, postedEntry } from '../accounts/testing.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
});
afterAll(() => t.close());

describe('a record’s history', () => {
  it('names the people and documents a change points at, never their ids', async () => {
    // Two people created the same minute: their ids start alike, their names do not.
    const [maker, checker] = await Promise.all([
      makeUser(t, 'Procurement Officer'),
      makeUser(t, 'Finance Manager'),
    ]);
    const [accountant, manager] = await Promise.all([
      sessionAs(t, 'Accountant'),
      sessionAs(t, 'Finance Manager'),
    ]);
    const entry = await postedEntry(t, accountant, manager, [
      { accountId: await accountId(t, 'operation', '5101'), debit: '1200000.00' },
      { accountId: await accountId(t, 'operation', '1101'), credit: '1200000.00' },
    ]);
    const order = uuidv7();
    await recordAudit(t.db, {
      actorId: maker.id,
      action: 'submitted',
      entity: 'purchase_order',
      entityId: order,
      before: { submittedBy: null, approvedBy: null, journalEntryId: null },
      after: { submittedBy: maker.id, approvedBy: checker.id, journalEntryId: entry },
    });
    const history = await t.request<{ data: AuditEvent[] }>('GET', `/audit/purchase_order/${order}`, {
      token: admin.access,
    });
    const [event] = history.body.data;
    const number = await t.request<{ data: { number: string } }>(
      'GET',
      `/accounts/journal-entries/${entry}`,
      {
        token: admin.access,
      },
    );
    expect(event?.refs).toEqual({
      [maker.id]: `${maker.firstName} ${maker.lastName}`,
      [checker.id]: `${checker.firstName} ${checker.lastName}`,
      [entry]: number.body.data.number,
    });
    expect(number.body.data.number).toMatch(/^JV-\d{4}-\d{6}$/);
  });
});
