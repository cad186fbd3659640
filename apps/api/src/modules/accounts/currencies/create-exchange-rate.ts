import type { createExchangeRateBody, ExchangeRate } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import { currencies, exchangeRates } from '../schema.ts';
import { rateColumns, toRate } from './currencies.ts';

export async function createExchangeRate(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createExchangeRateBody>,
): Promise<ExchangeRate> {
  return db.transaction(async (tx) => {
    const [currency] = await tx.select().from(currencies).where(eq(currencies.code, body.currency));
    if (!currency) throw fieldError('currency', `The currency ${body.currency} does not exist`);
    if (currency.isBase) throw fieldError('currency', 'The base currency has no exchange rate');
    const [taken] = await tx
      .select({ id: exchangeRates.id })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, body.currency), eq(exchangeRates.rateDate, body.rateDate)));
    if (taken) throw new ConflictError(`${body.currency} already has a rate on ${body.rateDate}`);
    const [row] = await tx
      .insert(exchangeRates)
      .values({ ...body, createdBy: actor.userId })
      .returning(rateColumns);
    if (!row) throw new Error('Rate insert returned nothing');
    const rate = toRate(row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'exchange_rate',
      entityId: row.id,
      after: rate,
    });
    return rate;
  });
}
