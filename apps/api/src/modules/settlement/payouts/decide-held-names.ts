import type { DecideHeldNamesBody, PaymentLineCorrection } from '@ushirika/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { lockBatch } from '../payments/lock-batch.ts';
import { auditCorrection, correctedAccount } from '../payments/retry-lines.ts';
import { paymentLines } from '../schema.ts';
import { payoutLines } from './schema.ts';

type Line = typeof paymentLines.$inferSelect & { lookedUpName: string | null };

/**
 * A person's decision on lines held because the provider's register names someone else: confirm
 * the account as it is, or correct it. Either is an approval of where the money goes, recorded in
 * the batch's history (before and after); the line is then sent by the worker. Only held lines of
 * a batch being sent can be decided, each once.
 */
export async function decideHeldNames(
  db: DbOrTx,
  actor: Actor,
  input: DecideHeldNamesBody & { id: string },
): Promise<{ confirmed: number; corrected: number }> {
  const ids = [...input.confirm, ...input.corrections.map((c) => c.lineId)];
  if (new Set(ids).size !== ids.length) throw new ValidationError('Decide each held line once');
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, input.id);
    if (batch.status !== 'sending') throw new ConflictError('This payment batch is not being sent');
    const rows = await tx
      .select({ line: paymentLines, state: payoutLines.state, lookedUpName: payoutLines.lookedUpName })
      .from(payoutLines)
      .innerJoin(paymentLines, eq(paymentLines.id, payoutLines.paymentLineId))
      .where(and(eq(payoutLines.batchId, input.id), inArray(payoutLines.paymentLineId, ids)))
      .for('update');
    if (rows.length !== ids.length) throw new NotFoundError('Payment line not found in this batch');
    if (rows.some((r) => r.state !== 'held_name'))
      throw new ConflictError(
        'Only a held name can be confirmed or corrected; this line was decided already',
      );
    const byId = new Map(rows.map((r) => [r.line.id, { ...r.line, lookedUpName: r.lookedUpName }]));
    const approve = (lineIds: string[]) =>
      tx
        .update(payoutLines)
        .set({ state: 'looked_up', approvedBy: actor.userId, updatedAt: new Date() })
        .where(and(inArray(payoutLines.paymentLineId, lineIds), eq(payoutLines.state, 'held_name')));
    if (input.confirm.length) await approve(input.confirm);
    for (const lineId of input.confirm) {
      const line = byId.get(lineId) as Line;
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'payee_name_confirmed',
        entity: 'payment_batch',
        entityId: input.id,
        before: { lineId, payeeName: line.payeeName, registeredName: line.lookedUpName },
        after: {
          lineId,
          method: line.method,
          bankName: line.bankName,
          accountNo: line.accountNo,
          phone: line.phone,
        },
      });
    }
    for (const c of input.corrections)
      await correctAccount(tx, actor, input.id, byId.get(c.lineId) as Line, c);
    if (input.corrections.length) await approve(input.corrections.map((c) => c.lineId));
    return { confirmed: input.confirm.length, corrected: input.corrections.length };
  });
}

/** The line is paid to the corrected account; the payee's own record is left as it is (as retries do). */
async function correctAccount(
  tx: DbOrTx,
  actor: Actor,
  batchId: string,
  line: Line,
  c: PaymentLineCorrection,
) {
  const corrected = await correctedAccount(tx, c);
  await tx.update(paymentLines).set(corrected).where(eq(paymentLines.id, line.id));
  await auditCorrection(tx, actor, batchId, line, corrected, {
    lineId: line.id,
    registeredName: line.lookedUpName,
  });
}
