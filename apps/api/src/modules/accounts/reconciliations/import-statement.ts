import type { ImportStatementBody } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { bankAccount } from './bank-account.ts';
import { parseCamt053 } from './parse-camt053.ts';
import { parseCsvStatement } from './parse-csv.ts';
import { savedCsvMapping } from './queries.ts';
import { bankStatementMappings, bankStatements } from './schema.ts';
import { dedupKeys, type ParsedLine } from './statement-line.ts';

const CHUNK = 5000;

/**
 * Imports a statement file in one transaction: every line parsed first (a bad line refuses the
 * whole file, nothing written), then inserted with ON CONFLICT DO NOTHING on (account, dedup key),
 * so an overlapping statement adds only the lines not already there. A CSV mapping given is saved
 * for the account; without one, the saved mapping is used (the second import is one click).
 */
export async function importStatement(db: Db, actor: Actor, input: ImportStatementBody) {
  return db.transaction(async (tx) => {
    const account = await bankAccount(tx, actor, input.accountId, { lock: true });
    let lines: ParsedLine[];
    let notBooked = 0;
    if (input.format === 'csv') {
      const mapping = input.mapping ?? (await savedCsvMapping(tx, account.id));
      if (!mapping) throw fieldError('mapping', 'Map the columns of this file first');
      lines = parseCsvStatement(input.content, mapping);
      if (input.mapping) {
        await tx
          .insert(bankStatementMappings)
          .values({ accountId: account.id, mapping: input.mapping, updatedBy: actor.userId })
          .onConflictDoUpdate({
            target: bankStatementMappings.accountId,
            set: { mapping: input.mapping, updatedBy: actor.userId, updatedAt: new Date() },
          });
      }
    } else ({ lines, notBooked } = parseCamt053(input.content, account.currency));
    const keys = dedupKeys(lines);
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        accountId: account.id,
        format: input.format,
        fileName: input.fileName ?? null,
        linesRead: lines.length,
        linesAdded: 0,
        importedBy: actor.userId,
      })
      .returning({ id: bankStatements.id });
    if (!statement) throw new Error('statement not written');
    let added = 0;
    // One statement per chunk (json_to_recordset): 20,000 lines are a few round trips, not 20,000.
    for (let from = 0; from < lines.length; from += CHUNK) {
      const rows = lines.slice(from, from + CHUNK).map((l, i) => ({
        id: uuidv7(),
        d: l.lineDate,
        v: l.valueDate,
        r: l.reference,
        t: l.description,
        i: l.amountIn,
        o: l.amountOut,
        b: l.balance,
        k: keys[from + i],
      }));
      const inserted = await queryRows(
        tx,
        z.object({ n: z.number() }),
        sql`with added as (
              insert into bank_statement_lines
                (id, account_id, statement_id, line_date, value_date, reference, description, amount_in, amount_out, balance, dedup_key)
              select x.id, ${account.id}, ${statement.id}, x.d, x.v, x.r, x.t, x.i, x.o, x.b, x.k
              from json_to_recordset(${JSON.stringify(rows)}::json)
                as x(id uuid, d date, v date, r text, t text, i numeric, o numeric, b numeric, k text)
              on conflict (account_id, dedup_key) do nothing
              returning 1)
            select count(*)::int as n from added`,
      );
      added += inserted[0]?.n ?? 0;
    }
    await tx.execute(sql`update bank_statements set lines_added = ${added} where id = ${statement.id}`);
    const result = {
      statementId: statement.id,
      linesRead: lines.length,
      linesAdded: added,
      linesSkipped: lines.length - added,
      linesNotBooked: notBooked,
    };
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'imported',
      entity: 'bank_statement',
      entityId: statement.id,
      after: { accountId: account.id, format: input.format, fileName: input.fileName ?? null, ...result },
    });
    return result;
  });
}
