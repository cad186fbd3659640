import type { Store, StoreBody } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { fieldError } from '../../../platform/errors.ts';
import { amcos } from '../../amcos/schema.ts';
import { getStore } from './queries.ts';
import { stores } from './schema.ts';

const constraints = {
  stores_code_unique: { field: 'code', message: 'Another store has this code' },
  stores_amcos_id_amcos_id_fk: { field: 'amcosId', message: 'The chosen AMCOS does not exist' },
  stores_kind_amcos_check: {
    field: 'amcosId',
    message: 'An AMCOS store names its AMCOS; a union store names none',
  },
};

async function checkAmcos(tx: Tx, body: StoreBody): Promise<void> {
  if (!body.amcosId) return;
  const [society] = await tx.select({ status: amcos.status }).from(amcos).where(eq(amcos.id, body.amcosId));
  if (!society) throw fieldError('amcosId', 'The chosen AMCOS does not exist');
}

/** A new union or AMCOS store (union staff). */
export async function createStore(db: Db, actor: Actor, body: StoreBody): Promise<Store> {
  return explainConstraints(constraints, () =>
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

/**
 * Changes a store; closing it (active false) stops its movements. A store that has held stock
 * keeps its kind and society: its ledger belongs to them.
 */
export async function updateStore(db: Db, actor: Actor, id: string, body: StoreBody): Promise<Store> {
  return explainConstraints(constraints, () =>
    db.transaction(async (tx) => {
      const before = await getStore(tx, id);
      await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update');
      await checkAmcos(tx, body);
      const moved = await queryRows(tx, sql`select 1 from stock_movements where store_id = ${id} limit 1`);
      if ((before.kind !== body.kind || before.amcosId !== body.amcosId) && moved.length > 0)
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
