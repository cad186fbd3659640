import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** `NAN02-00012`: the AMCOS code and the farmer's sequence in that AMCOS. */
export const farmerNumber = (amcosCode: string, seq: number) =>
  `${amcosCode}-${String(seq).padStart(5, '0')}`;

/**
 * Takes `count` farmer numbers for one AMCOS in the caller's transaction. The counter row only
 * goes up and stays locked until commit, so numbers are unique and never given out twice (a
 * rolled-back import gives its numbers back; nothing saved ever had them).
 */
export async function takeFarmerNumbers(
  tx: DbOrTx,
  amcosId: string,
  count: number,
): Promise<{ first: number; last: number }> {
  const [row] = await queryRows(
    tx,
    z.object({ last_value: z.number() }),
    sql`insert into farmer_sequences (amcos_id, last_value) values (${amcosId}, ${count})
        on conflict (amcos_id) do update set last_value = farmer_sequences.last_value + ${count}
        returning last_value`,
  );
  if (!row) throw new Error('Farmer sequence did not return a value');
  const last = Number(row.last_value);
  return { first: last - count + 1, last };
}

/**
 * Takes farmer numbers for several AMCOS at once (an import): one statement, counters locked in
 * AMCOS id order so two imports at once cannot deadlock. Answers each AMCOS's first number.
 */
export async function takeFarmerNumbersFor(
  tx: DbOrTx,
  counts: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = [...counts.keys()].sort();
  const rows = await queryRows(
    tx,
    z.object({ amcos_id: z.string(), last_value: z.number() }),
    sql`insert into farmer_sequences (amcos_id, last_value)
        select * from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => counts.get(id) ?? 0))}::int[])
        order by 1
        on conflict (amcos_id) do update set last_value = farmer_sequences.last_value + excluded.last_value
        returning amcos_id, last_value`,
  );
  if (rows.length !== ids.length) throw new Error('Farmer sequences did not return a value for each AMCOS');
  return new Map(rows.map((r) => [r.amcos_id, Number(r.last_value) - (counts.get(r.amcos_id) ?? 0) + 1]));
}
