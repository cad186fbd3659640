import type { Store, StoreBody } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { getStore } from './queries.ts';
import { stores } from './schema.ts';
import { checkAmcos, storeConstraints } from './store-rules.ts';

/** A new union or AMCOS store (union staff). */
export async function createStore(db: Db, actor: Actor, body: StoreBody): Promise<Store> {
  return explainConstraints(storeConstraints, () =>
    db.transaction(async (tx) => {
      await checkAmcos(tx, body);
      const [row] = await tx
        .insert(stores)
        .values({ ...body, createdBy: actor.userId })
        .returning({ id: stores.id });
      if (!row) throw new Error('Store insert returned nothing');
      const created = await getStore(tx, row.id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'created',
        entity: 'store',
        entityId: row.id,
        after: created,
      });
      return created;
    }),
  );
}
