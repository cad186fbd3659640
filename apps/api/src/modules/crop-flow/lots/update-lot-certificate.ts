import type { LotDetail, updateLotCertificateBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { lots } from '../schema.ts';
import { getLot } from './queries.ts';

/** The quality certificate can be completed or corrected while the lot is in store. */
export async function updateLotCertificate(
  db: Db,
  actor: Actor,
  { id, body }: { id: string; body: z.infer<typeof updateLotCertificateBody> },
): Promise<LotDetail> {
  return db.transaction(async (tx) => {
    const [lot] = await tx.select().from(lots).where(eq(lots.id, id)).for('update');
    if (!lot) throw new NotFoundError('Lot not found');
    if (lot.status !== 'in_store') {
      throw new ConflictError(
        `Lot ${lot.lotNo} is ${lot.status.replace('_', ' ')}: its certificate cannot change`,
      );
    }
    await tx
      .update(lots)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(lots.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'certificate_updated',
      entity: 'lot',
      entityId: id,
      before: {
        certificateNo: lot.certificateNo,
        moisture: lot.moisture,
        outturn: lot.outturn,
        nutCount: lot.nutCount,
      },
      after: body,
    });
    return getLot(tx, id);
  });
}
