import type { ImportStatementBody } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { bankAccount } from './bank-account.ts';
import { type ParsedStatement, parseStatement } from './parse-statement.ts';
import { savedCsvMapping } from './queries.ts';
import { bankStatementMappings, bankStatements } from './schema.ts';

/**
 * Imports a statement file in one transaction: every line parsed first (a bad line refuses the
 * whole file, nothing written; a large file on a worker thread, `parseStatement`), then inserted with ON CONFLICT DO NOTHING on (account, dedup key),
 * so an overlapping statement adds only the lines not already there. A CSV mapping given is saved
 * for the account; without one, the saved mapping is used (the second import is one click).
 */
export async function importStatement(db: Db, actor: Actor, input: ImportStatementBody) {
  return db.transaction(async (tx) => {
    const account = await bankAccount(tx, actor, input.accountId, { lock: true });
    let parsed: ParsedStatement;
    if (input.format === 'csv') {
      const mapping = input.mapping ?? (await savedCsvMapping(tx, account.id));
      if (!mapping) throw fieldError('mapping', 'Map the columns of this file first');
      parsed = await parseStatement({ format: 'csv', content: input.content, mapping });
      if (input.mapping) {
        await tx
          .insert(bankStatementMappings)
          .values({ accountId: account.id, mapping: input.mapping, updatedBy: actor.userId })
          .onConflictDoUpdate({
            target: bankStatementMappings.accountId,
            set: { mapping: input.mapping, updatedBy: actor.userId, updatedAt: new Date() },
          });
      }
    } else
      parsed = await parseStatement({
        format: 'camt053',
        content: input.content,
        currency: account.currency,
      });
    const { linesRead, notBooked } = parsed;
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        accountId: account.id,
        format: input.format,
        fileName: input.fileName ?? null,
        linesRead,
        linesAdded: 0,
        importedBy: actor.userId,
      })
      .returning({ id: bankStatements.id });
    if (!statement) throw new Error('statement not written');
    let added = 0;
    // One statement per chunk (json_to_recordset): 20,000 lines are a few round trips, not 20,000.
    for (const rows of parsed.chunks) {
      const inserted = await queryRows(
        tx,
        z.object({ n: z.number() }),
        sql`with added as (
              insert into bank_statement_lines
                (id, account_id, statement_id, line_date, value_date, reference, description, amount_in, amount_out, balance, dedup_key)
              select x.id, ${account.id}, ${statement.id}, x.d, x.v, x.r, x.t, x.i, x.o, x.b, x.k
              from json_to_recordset(${rows}::json)
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
      linesRead,
      linesAdded: added,
      linesSkipped: linesRead - added,
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
