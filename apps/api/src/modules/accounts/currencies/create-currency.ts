import type { Currency, createCurrencyBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { currencies } from '../schema.ts';
import { currencyColumns } from './currencies.ts';

export async function createCurrency(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createCurrencyBody>,
): Promise<Currency> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, body.code));
    if (taken) throw new ConflictError(`The currency ${body.code} already exists`);
    const [row] = await tx.insert(currencies).values(body).returning(currencyColumns);
    if (!row) throw new Error('Currency insert returned nothing');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'currency',
      entityId: row.id,
      after: row,
    });
    return row;
  });
}
