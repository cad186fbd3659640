import type { InputPrice, SaveInputPriceBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { items } from '../../inventory/items/schema.ts';
import { seasons } from '../../seasons/schema.ts';
import { getInputPrice } from './queries.ts';
import { inputPrices } from './schema.ts';

/** Sets (or changes) a season's price and credit limit of one item; a closed season is refused. */
export async function saveInputPrice(db: Db, actor: Actor, input: SaveInputPriceBody): Promise<InputPrice> {
  return db.transaction(async (tx) => {
    const [season] = await tx
      .select({ status: seasons.status, name: seasons.name })
      .from(seasons)
      .where(eq(seasons.id, input.seasonId));
    if (!season) throw fieldError('seasonId', 'Season not found');
    if (season.status === 'closed') throw fieldError('seasonId', `Season ${season.name} is closed`);
    const [item] = await tx
      .select({ kind: items.kind, name: items.name })
      .from(items)
      .where(eq(items.id, input.itemId));
    if (!item) throw fieldError('itemId', 'Item not found');
    if (item.kind !== 'stock') throw fieldError('itemId', `${item.name} is a service, not an input`);
    const values = {
      creditPrice: input.creditPrice,
      cashPrice: input.cashPrice,
      subsidisedPrice: input.subsidisedPrice,
      programmeShare: input.programmeShare,
      limitBasis: input.limitBasis,
      creditLimit: input.creditLimit,
      updatedBy: actor.userId,
    };
    const [row] = await tx
      .insert(inputPrices)
      .values({ seasonId: input.seasonId, itemId: input.itemId, createdBy: actor.userId, ...values })
      .onConflictDoUpdate({
        target: [inputPrices.seasonId, inputPrices.itemId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('Input price not saved');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'saved',
      entity: 'input_price',
      entityId: row.id,
      after: row,
    });
    return getInputPrice(tx, input.seasonId, input.itemId);
  });
}
