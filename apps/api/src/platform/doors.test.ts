import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { auditInsertSql, recordAudit } from './audit.ts';
import { nextDocumentNumber } from './numbering.ts';
import { enqueueSmsSql } from './sms-outbox.ts';

// The numbering, audit and outbox doors as JS calls and as SQL builders embedded in one statement
// (the weighing save, the farmer import): the same rules either way.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('numbering door', () => {
  it('pads to six digits and never cuts a seventh; a counter kept per warehouse numbers with its own prefix and width', async () => {
    await t.db.execute(
      sql`insert into document_sequences (type, year, last_value) values ('ZZ', 2026, 999999)`,
    );
    expect(await nextDocumentNumber(t.db, 'ZZ', 2026)).toBe('ZZ-2026-1000000');
    const counter = `LOT:${randomUUID()}`;
    expect(await nextDocumentNumber(t.db, counter, 2026, { prefix: 'LOT', width: 4 })).toBe('LOT-2026-0001');
    expect(await nextDocumentNumber(t.db, counter, 2026, { prefix: 'LOT', width: 4 })).toBe('LOT-2026-0002');
  });
});

describe('audit door', () => {
  const trail = (entityId: string) =>
    queryRows(
      t.db,
      z.object({ action: z.string(), before: z.unknown(), after: z.unknown() }),
      sql`select action, before, after from audit_events where entity = 'door_test' and entity_id = ${entityId}`,
    );

  it('drops secret keys from a snapshot written by recordAudit, at every depth', async () => {
    const id = randomUUID();
    await recordAudit(t.db, {
      actorId: null,
      action: 'updated',
      entity: 'door_test',
      entityId: id,
      before: null,
      after: { name: 'Asha', passwordHash: 'x', searchText: 'asha', nested: { token: 't', kept: 1 } },
    });
    expect(await trail(id)).toEqual([
      { action: 'updated', before: null, after: { name: 'Asha', nested: { kept: 1 } } },
    ]);
  });

  it('writes one event per row from SQL with the same rule (the bulk variant the farmer import uses)', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const rows = [
      { id: randomUUID(), entity_id: a, after: { name: 'Baraka', secret: 's' } },
      { id: randomUUID(), entity_id: b, after: { name: 'Neema', codeHash: 'h' } },
    ];
    await t.db.execute(
      auditInsertSql(
        { actorId: null, action: 'imported', entity: 'door_test' },
        sql`select r.id, r.entity_id, null::jsonb as before, r.after
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, entity_id text, after jsonb)`,
      ),
    );
    expect(await trail(a)).toEqual([{ action: 'imported', before: null, after: { name: 'Baraka' } }]);
    expect(await trail(b)).toEqual([{ action: 'imported', before: null, after: { name: 'Neema' } }]);
  });
});

describe('outbox door', () => {
  it('queues one message per row with a recipient and skips a row without one', async () => {
    const body = `door test ${randomUUID()}`;
    await t.db.execute(
      enqueueSmsSql(
        sql`select ${randomUUID()}::uuid as id, '255700000001'::text as recipient, ${body}::text as body
          union all select ${randomUUID()}::uuid, null::text, ${body}::text`,
      ),
    );
    const queued = await queryRows(
      t.db,
      z.object({ recipient: z.string(), status: z.string() }),
      sql`select recipient, status from sms_outbox where body = ${body}`,
    );
    expect(queued).toEqual([{ recipient: '255700000001', status: 'pending' }]);
  });
});
