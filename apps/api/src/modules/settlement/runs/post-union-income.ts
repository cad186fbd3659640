import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postAcrossBooks } from '../../accounts/journal/post-across-books.ts';

/**
 * What a settlement pays to beneficiaries that are the union's own income (farmer- and buyer-paid
 * rules alike), summed over its lots.
 */
export async function unionIncomeOf(tx: DbOrTx, settlementId: string): Promise<string> {
  const [row] = await queryRows(
    tx,
    z.object({ amount: z.string() }),
    sql`select coalesce(sum(sd.amount), 0)::numeric(16,2)::text as amount
        from settlement_deductions sd join beneficiaries b on b.id = sd.party_id
        where sd.settlement_id = ${settlementId} and sd.party_type = 'beneficiary' and b.union_income`,
  );
  return row?.amount ?? '0.00';
}

/**
 * The union's own share of an approved settlement becomes its income: Collection book Dr payable
 * to beneficiaries / Cr due to Operation, Operation book Dr due from Collection / Cr levy income
 * (two entries, source `settlement_union_income` + the settlement). Nothing when there is none.
 * Those beneficiaries get no payment line: the money reaches the Operation bank by a bank
 * transfer from the collection bank, which clears due-to / due-from.
 */
export async function postUnionIncome(
  tx: DbOrTx,
  s: { id: string; settlementNo: string; settledOn: string; actor: Actor },
): Promise<string[]> {
  const amount = await unionIncomeOf(tx, s.id);
  if (dec(amount).isZero()) return [];
  const posted = await postAcrossBooks(tx, {
    type: 'union_income',
    amount,
    date: s.settledOn,
    narration: narrate('settlementUnionIncome', { settlementNo: s.settlementNo }),
    reference: s.settlementNo,
    sourceType: 'settlement_union_income',
    sourceId: s.id,
    actorId: s.actor.userId,
  });
  return posted.ids;
}
