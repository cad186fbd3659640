import type { ExchangeRate } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { exchangeRates } from '../schema.ts';
import { getExchangeRate } from './currencies.ts';

export async function updateExchangeRate(
  db: Db,
  actor: Actor,
  { id, rate }: { id: string; rate: string },
): Promise<ExchangeRate> {
  return db.transaction(async (tx) => {
    const before = await getExchangeRate(tx, id);
    await tx.update(exchangeRates).set({ rate }).where(eq(exchangeRates.id, id));
    const after = await getExchangeRate(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'exchange_rate',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
