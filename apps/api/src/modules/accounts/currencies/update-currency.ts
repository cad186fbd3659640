import type { Currency, updateCurrencyBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { currencies } from '../schema.ts';
import { currencyColumns, getCurrency } from './currencies.ts';

export async function updateCurrency(
  db: Db,
  actor: Actor,
  { id, ...body }: z.infer<typeof updateCurrencyBody> & { id: string },
): Promise<Currency> {
  return db.transaction(async (tx) => {
    const before = await getCurrency(tx, id);
    if (before.isBase && body.active === false)
      throw fieldError('active', 'The base currency cannot be deactivated');
    const [after] = await tx
      .update(currencies)
      .set(body)
      .where(eq(currencies.id, id))
      .returning(currencyColumns);
    if (!after) throw new Error('Currency update returned nothing');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'currency',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
