import type { InputRequestSuggestion } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { pricesOf } from '../prices/queries.ts';
import { boqSuggestion, checkCredit, farmerAcres } from './credit-check.ts';
import { requestContext } from './request-context.ts';

/**
 * What the request form starts from: the farmer's acres of the crop, the season BOQ's quantities
 * for those acres (items the season prices), each priced and checked against the credit limit.
 */
export async function suggestRequestLines(
  db: DbOrTx,
  actor: Actor,
  q: { farmerId: string; seasonCropId: string },
): Promise<InputRequestSuggestion> {
  const ctx = await requestContext(db, actor, q.farmerId, q.seasonCropId);
  const acres = await farmerAcres(db, ctx.farmerId, ctx.cropId);
  const boq = await boqSuggestion(db, ctx.seasonCropId, acres);
  const priced = await pricesOf(
    db,
    ctx.seasonId,
    boq.lines.map((l) => l.itemId),
  );
  const wanted = boq.lines.filter((l) => priced.has(l.itemId) && l.quantity !== '0.000');
  const lines = wanted.length
    ? await checkCredit(db, {
        farmerId: ctx.farmerId,
        seasonId: ctx.seasonId,
        seasonName: ctx.seasonName,
        acres,
        lines: wanted.map((l) => ({ ...l, suggestedQuantity: l.quantity })),
      })
    : [];
  return { acres, boqName: boq.boqName, lines };
}
