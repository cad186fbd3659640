import type { Store, StoreBody } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { fieldError } from '../../../platform/errors.ts';
import { getStore } from './queries.ts';
import { stores } from './schema.ts';
import { checkAmcos, storeConstraints } from './store-rules.ts';

/**
 * Changes a store; closing it (active false) stops its movements. A store that has held stock
 * keeps its kind and society: its ledger belongs to them.
 */
export async function updateStore(
  db: Db,
  actor: Actor,
  { id, ...body }: StoreBody & { id: string },
): Promise<Store> {
  return explainConstraints(storeConstraints, () =>
    db.transaction(async (tx) => {
      const before = await getStore(tx, id);
      await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update');
      await checkAmcos(tx, body);
      const [movements] = await queryRows(
        tx,
        z.object({ moved: z.boolean() }),
        sql`select exists (select 1 from stock_movements where store_id = ${id}) as moved`,
      );
      if ((before.kind !== body.kind || before.amcosId !== body.amcosId) && movements?.moved)
        throw fieldError('kind', `${before.name} has stock movements: its kind and AMCOS cannot change`);
      if (!body.active && before.active && before.itemCount > 0)
        throw fieldError(
          'active',
          `${before.name} still holds ${before.itemCount} item(s) worth ${before.stockValue}: move or issue them before closing the store`,
        );
      await tx.update(stores).set(body).where(eq(stores.id, id));
      const after = await getStore(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'updated',
        entity: 'store',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}
