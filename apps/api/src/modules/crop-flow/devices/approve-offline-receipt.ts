import type { OfflineReceipt } from '@ushirika/contracts';
import { UNAPPROVABLE } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { storeOfflineCollection } from './offline-collection.ts';
import { FLAG_TEXT, flagOf } from './receipt-facts.ts';
import { recordReview, reviewReceipt } from './reviewed-receipt.ts';

const stillPossible = z.object({ season_open: z.boolean(), number_taken: z.boolean() });

/**
 * The AMCOS manager approves a receipt kept for review (#29): it becomes its collection with the
 * device's number and figures, and the farmer's SMS goes out now (once). What no approval can
 * mend is refused with what to do: a number already used, a net that is not gross minus tare,
 * a closed season (void it and weigh again in the open season).
 */
export async function approveOfflineReceipt(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<OfflineReceipt> {
  return reviewReceipt(db, actor, id, async (tx, r) => {
    const code = flagOf(r.reasonCode);
    if (code && UNAPPROVABLE.has(code)) {
      throw new ValidationError(`${FLAG_TEXT[code]}: this receipt can only be voided`);
    }
    const [now] = await queryRows(
      tx,
      stillPossible,
      sql`select coalesce(s.status = 'open', false) as season_open,
          exists (select 1 from collections c where c.receipt_no = ${r.receiptNo}) as number_taken
        from season_crops sc join seasons s on s.id = sc.season_id where sc.id = ${r.seasonCropId}`,
    );
    if (!now?.season_open) throw new ValidationError('The season is closed: this receipt can only be voided');
    if (now.number_taken)
      throw new ValidationError(`Receipt number ${r.receiptNo} is already used: void this receipt`);
    const collectionId = await storeOfflineCollection(tx, actor.userId, r);
    return recordReview(tx, actor, { id, reason, status: 'approved', reasonCode: code, collectionId });
  });
}
