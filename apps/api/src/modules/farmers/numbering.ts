import { sql } from 'drizzle-orm';
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
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into farmer_sequences (amcos_id, last_value) values (${amcosId}, ${count})
        on conflict (amcos_id) do update set last_value = farmer_sequences.last_value + ${count}
        returning last_value`,
  );
  if (!row) throw new Error('Farmer sequence did not return a value');
  const last = Number(row.last_value);
  return { first: last - count + 1, last };
}
