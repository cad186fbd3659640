import type { createReleaseNoteBody, ReleaseNoteDetail } from '@ushirika/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { lots } from '../../crop-flow/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { salesInvoiceLines, salesInvoices } from '../invoices/schema.ts';
import { getReleaseNote } from './queries.ts';
import { releaseNoteLots, releaseNotes } from './schema.ts';

/**
 * Releases sold lots to their buyer: every lot must be on a fully paid invoice of that buyer and
 * in one warehouse. The lots are locked and become `released`; a lot not fully paid is refused.
 */
export async function createReleaseNote(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createReleaseNoteBody>,
): Promise<ReleaseNoteDetail> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.lotIds)].sort();
    const [buyer] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, body.buyerId));
    if (!buyer) throw new NotFoundError('Buyer not found');
    const lotRows = await tx
      .select({ id: lots.id, lotNo: lots.lotNo, status: lots.status, warehouseId: lots.warehouseId })
      .from(lots)
      .where(inArray(lots.id, ids))
      .orderBy(asc(lots.id))
      .for('update');
    if (lotRows.length !== ids.length) throw new NotFoundError('Lot not found');
    const sales = await tx
      .select({
        lotId: salesInvoiceLines.lotId,
        invoiceId: salesInvoices.id,
        invoiceNo: salesInvoices.invoiceNo,
        buyerId: salesInvoices.buyerId,
        status: salesInvoices.status,
      })
      .from(salesInvoiceLines)
      .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceLines.invoiceId))
      .where(and(inArray(salesInvoiceLines.lotId, ids), ne(salesInvoices.status, 'cancelled')));
    const links = lotRows.map((lot) => {
      if (lot.status === 'released') throw new ConflictError(`Lot ${lot.lotNo} is already released`);
      const sale = sales.find((s) => s.lotId === lot.id);
      if (!sale || lot.status !== 'sold') throw fieldError('lotIds', `Lot ${lot.lotNo} is not sold`);
      if (sale.buyerId !== body.buyerId)
        throw fieldError('lotIds', `Lot ${lot.lotNo} was sold to another buyer`);
      if (sale.status !== 'paid')
        throw fieldError(
          'lotIds',
          `Lot ${lot.lotNo} cannot be released: invoice ${sale.invoiceNo} is not fully paid`,
        );
      return { lotId: lot.id, invoiceId: sale.invoiceId };
    });
    const warehouseIds = new Set(lotRows.map((l) => l.warehouseId));
    const [warehouseId] = warehouseIds;
    if (!warehouseId || warehouseIds.size > 1)
      throw fieldError('lotIds', 'A release note takes lots of one warehouse; issue one per warehouse');
    const releaseNo = await nextDocumentNumber(tx, 'RN', Number(body.releaseDate.slice(0, 4)));
    const [row] = await tx
      .insert(releaseNotes)
      .values({
        releaseNo,
        buyerId: body.buyerId,
        warehouseId,
        releaseDate: body.releaseDate,
        collectorName: body.collectorName,
        vehiclePlate: body.vehiclePlate,
        remarks: body.remarks,
        createdBy: actor.userId,
      })
      .returning({ id: releaseNotes.id });
    if (!row) throw new Error('Release note insert returned nothing');
    await tx.insert(releaseNoteLots).values(links.map((l) => ({ ...l, releaseNoteId: row.id })));
    await tx
      .update(lots)
      .set({ status: 'released' })
      .where(and(inArray(lots.id, ids), eq(lots.status, 'sold')));
    const after = await getReleaseNote(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'release_note',
      entityId: row.id,
      after,
    });
    return after;
  });
}
