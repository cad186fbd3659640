import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { getBankTransfer } from './queries.ts';
import { bankTransfers } from './schema.ts';

export async function finishApproval(tx: DbOrTx, id: string, actorId: string, entryId: string) {
  await tx.update(bankTransfers).set({ journalEntryId: entryId }).where(eq(bankTransfers.id, id));
  const transfer = await getBankTransfer(tx, id);
  await recordAudit(tx, {
    actorId,
    action: 'approved',
    entity: 'bank_transfer',
    entityId: id,
    after: transfer,
  });
  return transfer;
}
