import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/**
 * The document number format, as SQL: `document_number(type, year, value, width)` in the database
 * (migration 0028) gives `JV-2026-000123`: the value padded to `width` digits (6 unless said) and
 * never cut. Every number is made by it: this door, the statements that number inside a larger
 * CTE (the weighing save, journal entries) and the journal's at-commit trigger.
 */
export function documentNumberSql(type: SQL, year: SQL, value: SQL, width = 6): SQL {
  return sql`document_number(${type}, ${year}, ${value}, ${width}::int)`;
}

/**
 * Takes the next value of a gap-free counter as SQL: `insert … returning last_value`, to run alone
 * or as a CTE of a larger statement (`from` names the rows it takes the number for, e.g. `ctx`).
 * The counter row stays locked until commit, and a rollback gives the value back.
 */
export function takeNumberSql(type: SQL, year: SQL, from?: SQL): SQL {
  return sql`insert into document_sequences (type, year, last_value)
    select ${type}, ${year}, 1${from ? sql` from ${from}` : sql``}
    on conflict (type, year) do update set last_value = document_sequences.last_value + 1
    returning last_value`;
}

/**
 * Next gap-free document number of a counter, e.g. `JV-2026-000123`. Call it inside the
 * transaction that saves the document. `prefix` is the number's first part when the counter is
 * kept per something else (lots count per warehouse: counter `LOT:<warehouse>`, prefix `LOT`).
 */
export async function nextDocumentNumber(
  tx: DbOrTx,
  type: string,
  year: number,
  { prefix = type, width = 6 }: { prefix?: string; width?: number } = {},
): Promise<string> {
  const [row] = await queryRows(
    tx,
    z.object({ number: z.string() }),
    sql`with seq as (${takeNumberSql(sql`${type}::text`, sql`${year}::int`)})
        select ${documentNumberSql(sql`${prefix}::text`, sql`${year}::int`, sql`seq.last_value`, width)} as number
        from seq`,
  );
  if (!row) throw new Error('Document sequence did not return a value');
  return row.number;
}
