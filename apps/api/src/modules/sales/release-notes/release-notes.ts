import type {
  createReleaseNoteBody,
  ReleasableLot,
  ReleaseNote,
  ReleaseNoteDetail,
  releaseNoteListQuery,
} from '@ushirika/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, orderByOf, type PageWindow } from '../../../platform/list.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { amcos } from '../../amcos/schema.ts';
import { lots } from '../../crop-flow/schema.ts';
import { grades } from '../../seasons/schema.ts';
import { warehouses } from '../../warehouses/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { salesInvoiceLines, salesInvoices } from '../invoices/schema.ts';
import { releaseNoteLots, releaseNotes } from './schema.ts';

const columns = {
  id: releaseNotes.id,
  releaseNo: releaseNotes.releaseNo,
  buyerId: releaseNotes.buyerId,
  buyerName: buyers.name,
  warehouseId: releaseNotes.warehouseId,
  warehouseName: warehouses.name,
  releaseDate: releaseNotes.releaseDate,
  collectorName: releaseNotes.collectorName,
  vehiclePlate: releaseNotes.vehiclePlate,
  remarks: releaseNotes.remarks,
  lotCount: sql<number>`(select count(*)::int from release_note_lots x where x.release_note_id = "release_notes"."id")`,
  totalKg: sql<string>`(select coalesce(sum(l.net_kg), 0)::numeric(14,3)::text from release_note_lots x
    join lots l on l.id = x.lot_id where x.release_note_id = "release_notes"."id")`,
};

export async function listReleaseNotes(
  db: DbOrTx,
  query: z.infer<typeof releaseNoteListQuery>,
  window: PageWindow,
): Promise<{ rows: ReleaseNote[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = and(
    pattern ? or(ilike(releaseNotes.releaseNo, pattern), ilike(buyers.name, pattern)) : undefined,
    query.buyer_id ? eq(releaseNotes.buyerId, query.buyer_id) : undefined,
  );
  const sortable = { releaseNo: releaseNotes.releaseNo, releaseDate: releaseNotes.releaseDate };
  const base = () =>
    db
      .select(columns)
      .from(releaseNotes)
      .innerJoin(buyers, eq(buyers.id, releaseNotes.buyerId))
      .innerJoin(warehouses, eq(warehouses.id, releaseNotes.warehouseId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...orderByOf(query.sort, sortable, [desc(releaseNotes.releaseDate)], releaseNotes.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: count() })
      .from(releaseNotes)
      .innerJoin(buyers, eq(buyers.id, releaseNotes.buyerId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

const lotColumns = {
  lotId: lots.id,
  lotNo: lots.lotNo,
  whrNo: lots.whrNo,
  amcosName: amcos.name,
  gradeName: localNameSql('grades'),
  bags: lots.bags,
  netKg: lots.netKg,
};

export async function getReleaseNote(db: DbOrTx, id: string): Promise<ReleaseNoteDetail> {
  const [row] = await db
    .select(columns)
    .from(releaseNotes)
    .innerJoin(buyers, eq(buyers.id, releaseNotes.buyerId))
    .innerJoin(warehouses, eq(warehouses.id, releaseNotes.warehouseId))
    .where(eq(releaseNotes.id, id));
  if (!row) throw new NotFoundError('Release note not found');
  const lotRows = await db
    .select({ ...lotColumns, invoiceId: salesInvoices.id, invoiceNo: salesInvoices.invoiceNo })
    .from(releaseNoteLots)
    .innerJoin(lots, eq(lots.id, releaseNoteLots.lotId))
    .innerJoin(amcos, eq(amcos.id, lots.amcosId))
    .innerJoin(grades, eq(grades.id, lots.gradeId))
    .innerJoin(salesInvoices, eq(salesInvoices.id, releaseNoteLots.invoiceId))
    .where(eq(releaseNoteLots.releaseNoteId, id))
    .orderBy(asc(lots.lotNo));
  return { ...row, lots: lotRows };
}

/** The buyer's sold lots on a fully paid invoice that no release note has taken yet. */
export async function listReleasableLots(db: DbOrTx, buyerId: string): Promise<ReleasableLot[]> {
  return db
    .select({
      ...lotColumns,
      invoiceId: salesInvoices.id,
      invoiceNo: salesInvoices.invoiceNo,
      warehouseId: warehouses.id,
      warehouseName: warehouses.name,
    })
    .from(salesInvoiceLines)
    .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceLines.invoiceId))
    .innerJoin(lots, eq(lots.id, salesInvoiceLines.lotId))
    .innerJoin(amcos, eq(amcos.id, lots.amcosId))
    .innerJoin(grades, eq(grades.id, lots.gradeId))
    .innerJoin(warehouses, eq(warehouses.id, lots.warehouseId))
    .where(and(eq(salesInvoices.buyerId, buyerId), eq(salesInvoices.status, 'paid'), eq(lots.status, 'sold')))
    .orderBy(asc(warehouses.name), asc(lots.lotNo));
}

/**
 * Releases sold lots to their buyer: every lot must be on a fully paid invoice of that buyer and
 * in one warehouse. The lots are locked and become `released`; a lot not fully paid is refused.
 */
export async function createReleaseNote(
  db: Db,
  { body, actorId }: { body: z.infer<typeof createReleaseNoteBody>; actorId: string },
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
        createdBy: actorId,
      })
      .returning({ id: releaseNotes.id });
    if (!row) throw new Error('Release note insert returned nothing');
    await tx.insert(releaseNoteLots).values(links.map((l) => ({ ...l, releaseNoteId: row.id })));
    await tx
      .update(lots)
      .set({ status: 'released' })
      .where(and(inArray(lots.id, ids), eq(lots.status, 'sold')));
    const after = await getReleaseNote(tx, row.id);
    await recordAudit(tx, { actorId, action: 'created', entity: 'release_note', entityId: row.id, after });
    return after;
  });
}
