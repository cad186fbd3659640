import type { StoreBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { amcos } from '../../amcos/schema.ts';

/** The constraints a store's save explains to the user. */
export const storeConstraints = {
  stores_code_unique: { field: 'code', message: 'Another store has this code' },
  stores_amcos_id_amcos_id_fk: { field: 'amcosId', message: 'The chosen AMCOS does not exist' },
  stores_kind_amcos_check: {
    field: 'amcosId',
    message: 'An AMCOS store names its AMCOS; a union store names none',
  },
};

/** The chosen AMCOS exists. */
export async function checkAmcos(tx: Tx, body: StoreBody): Promise<void> {
  if (!body.amcosId) return;
  const [society] = await tx.select({ status: amcos.status }).from(amcos).where(eq(amcos.id, body.amcosId));
  if (!society) throw fieldError('amcosId', 'The chosen AMCOS does not exist');
}
