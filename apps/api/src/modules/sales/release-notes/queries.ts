import type {
  ReleasableLot,
  ReleaseNote,
  ReleaseNoteDetail,
  releaseNoteListQuery,
} from '@ushirika/contracts';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
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
  return pageOf(db, () => base().$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(releaseNotes.releaseDate)],
      tiebreak: releaseNotes.id,
    },
    window,
  });
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
