import type { ProposeSecondPaymentBody, SecondPayment } from '@ushirika/contracts';
import { yearInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { computeSecondPayment } from './compute-second-payment.ts';
import { getSecondPayment } from './queries.ts';
import { secondPaymentLines, secondPayments } from './schema.ts';

/**
 * The union proposes a second payment (SP-): its figures computed from the kg delivered
 * (computeSecondPayment) and saved with a line per farmer, in one transaction. A season crop with
 * a proposal waiting is refused (409): it is decided first.
 */
export async function proposeSecondPayment(
  db: DbOrTx,
  actor: Actor,
  body: ProposeSecondPaymentBody,
): Promise<SecondPayment> {
  return db.transaction(async (tx) => {
    // Two proposals of one season crop queue here; the partial unique index backs it.
    await tx.execute(sql`select id from season_crops where id = ${body.seasonCropId} for update`);
    const [waiting] = await queryRows(
      tx,
      z.object({ no: z.string() }),
      sql`select payment_no as no from second_payments
          where season_crop_id = ${body.seasonCropId} and status = 'proposed'`,
    );
    if (waiting)
      throw new ConflictError(
        `This season and crop already have a second payment waiting for approval (${waiting.no})`,
      );
    const figures = await computeSecondPayment(tx, body);
    const paymentNo = await nextDocumentNumber(tx, 'SP', yearInTanzania());
    const [saved] = await tx
      .insert(secondPayments)
      .values({
        paymentNo,
        seasonCropId: figures.seasonCropId,
        ratePerKg: figures.ratePerKg,
        amcosIds: figures.amcosIds,
        kg: figures.kg,
        total: figures.total,
        lineCount: figures.lines.length,
        proposedBy: actor.userId,
      })
      .returning({ id: secondPayments.id });
    if (!saved) throw new Error('Second payment not saved');
    await tx.insert(secondPaymentLines).values(
      figures.lines.map((l) => ({
        secondPaymentId: saved.id,
        farmerId: l.farmerId,
        amcosId: l.amcosId,
        kg: l.kg,
        amount: l.amount,
      })),
    );
    const proposed = await getSecondPayment(tx, saved.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'second_payment',
      entityId: saved.id,
      after: { ...proposed, lines: proposed.lines.length },
    });
    return proposed;
  });
}
