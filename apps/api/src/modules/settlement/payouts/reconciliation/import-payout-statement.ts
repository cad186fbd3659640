import { createHash } from 'node:crypto';
import type { PayoutReconciliation } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { queryRows } from '../../../../db/rows.ts';
import type { Actor } from '../../../../platform/access.ts';
import { recordAudit } from '../../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../../platform/errors.ts';
import { lockBatch } from '../../payments/lock-batch.ts';
import type { PayoutChannel, StatementRow } from '../provider.ts';
import { PAYOUT_STATES, payoutReconciliationItems, payoutReconciliations } from '../schema.ts';
import { type BatchLine, matchStatement } from './match-statement.ts';
import { reconciliationOf } from './queries.ts';

const lineRow = z.object({
  lineId: z.string(),
  state: z.enum(PAYOUT_STATES),
  providerReference: z.string().nullable(),
  account: z.string().nullable(),
  amount: z.string(),
  channel: z.enum(['mobile', 'bank']),
  provider: z.string(),
});

/** The provider that paid a batch's lines, and their keys; a batch never sent through one is refused. */
export async function payoutBatchOf(db: DbOrTx, batchId: string) {
  const [batch] = await queryRows(
    db,
    z.object({ provider: z.string().nullable(), keys: z.array(z.string()) }),
    sql`select (select min(provider) from payout_lines where batch_id = b.id) as provider,
          coalesce((select array_agg(payment_line_id::text order by payment_line_id) from payout_lines
                    where batch_id = b.id and sent_at is not null), '{}') as keys
        from payment_batches b where b.id = ${batchId}`,
  );
  if (!batch) throw new NotFoundError('Payment batch not found');
  if (!batch.provider)
    throw new ConflictError(
      'This payment batch was not paid through a payout provider: nothing to reconcile',
    );
  return { provider: batch.provider, keys: batch.keys };
}

export type ImportInput = {
  batchId: string;
  source: 'provider' | 'file';
  fileName: string | null;
  rows: StatementRow[];
  /** The tariff of the provider that paid a line, for a succeeded row that does not state its fee. */
  feeOf: (provider: string, channel: PayoutChannel, amount: string) => Promise<string>;
};

/**
 * Stores a provider's statement matched against the batch's lines, in one transaction (the batch
 * row locked, so two imports of one statement do not race). The same statement imported again
 * (its rows hash the same) is the reconciliation already stored: nothing changes. Nothing is
 * settled here: the lines the provider reports final are settled when another person confirms.
 */
export async function importPayoutStatement(
  db: DbOrTx,
  actor: Actor,
  input: ImportInput,
): Promise<{ created: boolean; reconciliation: PayoutReconciliation }> {
  const hash = createHash('sha256')
    .update(JSON.stringify({ source: input.source, rows: input.rows }))
    .digest('hex');
  return db.transaction(async (tx) => {
    await lockBatch(tx, input.batchId);
    const [known] = await tx
      .select({ id: payoutReconciliations.id })
      .from(payoutReconciliations)
      .where(
        sql`${payoutReconciliations.batchId} = ${input.batchId} and ${payoutReconciliations.statementHash} = ${hash}`,
      );
    if (known) return { created: false, reconciliation: await reconciliationOf(tx, known.id) };
    const lines = await queryRows(
      tx,
      lineRow,
      sql`select po.payment_line_id as "lineId", po.state, po.provider_reference as "providerReference",
            case pl.method when 'bank' then pl.account_no else pl.phone end as account,
            pl.amount::text as amount, case pl.method when 'bank' then 'bank' else 'mobile' end as channel,
            po.provider
          from payout_lines po join payment_lines pl on pl.id = po.payment_line_id
          where po.batch_id = ${input.batchId}`,
    );
    const byLine = new Map(lines.map((l) => [l.lineId, l]));
    const items = [];
    for (const item of matchStatement(lines satisfies BatchLine[], input.rows)) {
      const paidBy = byLine.get(item.lineId ?? '');
      const untold = item.kind === 'not_final' && item.statementStatus === 'succeeded' && !item.statementFee;
      items.push(
        untold && paidBy
          ? {
              ...item,
              statementFee: await input.feeOf(paidBy.provider, paidBy.channel, item.statementAmount ?? '0'),
            }
          : item,
      );
    }
    const [rec] = await tx
      .insert(payoutReconciliations)
      .values({
        batchId: input.batchId,
        source: input.source,
        fileName: input.fileName,
        statementHash: hash,
        rowsRead: input.rows.length,
        createdBy: actor.userId,
      })
      .returning({ id: payoutReconciliations.id });
    if (!rec) throw new Error('reconciliation not written');
    for (let i = 0; i < items.length; i += 1000)
      await tx.insert(payoutReconciliationItems).values(
        items.slice(i, i + 1000).map((item) => ({
          reconciliationId: rec.id,
          kind: item.kind,
          paymentLineId: item.lineId,
          rowNo: item.rowNo,
          providerReference: item.providerReference,
          account: item.account,
          statementAmount: item.statementAmount,
          statementFee: item.statementFee,
          statementStatus: item.statementStatus,
          failureReason: item.failureReason,
          lineState: item.lineState,
        })),
      );
    const reconciliation = await reconciliationOf(tx, rec.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'provider_statement_imported',
      entity: 'payment_batch',
      entityId: input.batchId,
      after: {
        reconciliationId: rec.id,
        source: input.source,
        fileName: input.fileName,
        ...reconciliation.counts,
      },
    });
    return { created: true, reconciliation };
  });
}
