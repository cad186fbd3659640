import type { CreateInputRequestBody, InputRequestDetail } from '@ushirika/contracts';
import { dec, sum, todayInTanzania } from '@ushirika/domain';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { boqSuggestion, checkCredit, farmerAcres } from './credit-check.ts';
import { getInputRequest } from './queries.ts';
import { requestContext } from './request-context.ts';
import { inputRequestLines, inputRequests } from './schema.ts';

/**
 * An AMCOS clerk records a farmer's request: priced at the season's credit prices, checked
 * against the farmer's credit limits. Over a limit it needs an override reason, which the two
 * approvers then approve with the request.
 */
export async function createInputRequest(
  db: Db,
  actor: Actor,
  input: CreateInputRequestBody,
): Promise<InputRequestDetail> {
  return db.transaction(async (tx) => {
    const ctx = await requestContext(tx, actor, input.farmerId, input.seasonCropId);
    const acres = await farmerAcres(tx, ctx.farmerId, ctx.cropId);
    const suggested = new Map(
      (await boqSuggestion(tx, ctx.seasonCropId, acres)).lines.map((l) => [l.itemId, l.quantity]),
    );
    const lines = await checkCredit(tx, {
      farmerId: ctx.farmerId,
      seasonId: ctx.seasonId,
      seasonName: ctx.seasonName,
      acres,
      lines: input.lines.map((l) => ({ ...l, suggestedQuantity: suggested.get(l.itemId) ?? null })),
    });
    const overLimit = lines.some((l) => l.overLimit);
    if (overLimit && !input.overrideReason) {
      const over = lines.find((l) => l.overLimit);
      throw fieldError(
        'overrideReason',
        `Over the credit limit for ${over?.itemName}: ${dec(over?.usedElsewhere ?? 0)
          .plus(dec(over?.creditValue ?? 0))
          .toFixed(2)} asked against ${over?.creditLimit}. Give an override reason for the approvers`,
      );
    }
    const requestedOn = input.requestedOn ?? todayInTanzania();
    const requestNo = await nextDocumentNumber(tx, 'FR', Number(requestedOn.slice(0, 4)));
    const [row] = await tx
      .insert(inputRequests)
      .values({
        requestNo,
        farmerId: ctx.farmerId,
        amcosId: ctx.amcosId,
        seasonCropId: ctx.seasonCropId,
        seasonId: ctx.seasonId,
        acres,
        requestedOn,
        creditValue: sum(lines.map((l) => l.creditValue)).toFixed(2),
        overLimit,
        overrideReason: overLimit ? input.overrideReason : null,
        notes: input.notes,
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('Request not saved');
    await tx.insert(inputRequestLines).values(
      lines.map((l, i) => ({
        requestId: row.id,
        lineNo: i + 1,
        itemId: l.itemId,
        suggestedQuantity: l.suggestedQuantity,
        quantity: l.quantity,
        creditPrice: l.creditPrice,
        creditValue: l.creditValue,
        creditLimit: l.creditLimit,
        usedElsewhere: l.usedElsewhere,
        overLimit: l.overLimit,
      })),
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'input_request',
      entityId: row.id,
      after: { ...row, lines },
    });
    return getInputRequest(tx, actor, row.id);
  });
}
