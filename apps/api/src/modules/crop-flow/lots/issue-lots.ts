import type { IssueLotsBody, LotDetail } from '@ushirika/contracts';
import { allocateLots, dec, LotAllocationError, splitExact, sum, yearInTanzania } from '@ushirika/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { grades } from '../../seasons/schema.ts';
import { collections, deliveryNotes, lotSources, lots } from '../schema.ts';
import { nextLotNo } from './lot-numbers.ts';
import { getLot } from './queries.ts';

type Note = typeof deliveryNotes.$inferSelect;

/**
 * The grade's share of a received note's warehouse weight still outside lots: the received kg is
 * split over the note's grades by their collected kg (exactly, to the gram), less what lots of
 * the grade already took from this note.
 */
export async function warehouseKgLeft(tx: Tx, note: Note, gradeId: string): Promise<string> {
  const byGrade = await tx
    .select({ gradeId: collections.gradeId, kg: sql<string>`sum(${collections.netKg})` })
    .from(collections)
    .where(eq(collections.deliveryNoteId, note.id))
    .groupBy(collections.gradeId)
    .orderBy(asc(collections.gradeId));
  const at = byGrade.findIndex((g) => g.gradeId === gradeId);
  if (at < 0 || note.receivedKg === null) return '0.000';
  const shares = splitExact(
    note.receivedKg,
    byGrade.map((g) => g.kg),
    3,
  );
  const [used] = await tx
    .select({ kg: sql<string>`coalesce(sum(${lotSources.netKg}), 0)` })
    .from(lotSources)
    .innerJoin(lots, eq(lots.id, lotSources.lotId))
    .where(and(eq(lotSources.deliveryNoteId, note.id), eq(lots.gradeId, gradeId)));
  const left = (shares[at] ?? dec(0)).minus(used?.kg ?? '0');
  return (left.isNegative() ? dec(0) : left).toFixed(3);
}

async function lockNotes(tx: Tx, ids: string[]): Promise<Note[]> {
  const unique = [...new Set(ids)].sort();
  const notes = await tx
    .select()
    .from(deliveryNotes)
    .where(inArray(deliveryNotes.id, unique))
    .orderBy(asc(deliveryNotes.id))
    .for('update');
  if (notes.length !== unique.length) throw new NotFoundError('One of the delivery notes does not exist');
  const first = notes[0];
  if (!first) throw new NotFoundError('Delivery note not found');
  for (const n of notes) {
    if (n.status !== 'received') {
      throw new ConflictError(
        n.status === 'receipted'
          ? `Delivery note ${n.dnNo} is already all in lots`
          : `Delivery note ${n.dnNo} has not been received at the warehouse (it is ${n.status})`,
      );
    }
    if (n.amcosId !== first.amcosId || n.seasonCropId !== first.seasonCropId) {
      throw fieldError('deliveryNoteIds', 'A lot takes delivery notes of one AMCOS and one season crop only');
    }
    if (n.warehouseId !== first.warehouseId) {
      throw fieldError('deliveryNoteIds', 'A lot takes delivery notes received at one warehouse only');
    }
  }
  // Older deliveries go into lots first.
  return notes.sort(
    (a, b) => (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0) || a.dnNo.localeCompare(b.dnNo),
  );
}

/**
 * Issues warehouse receipts (lots) of one grade from received delivery notes and shares the notes'
 * collections of that grade out to them (`allocateLots`). A note whose collections are all in
 * lots becomes receipted.
 */
export async function issueLots(db: Db, actor: Actor, body: IssueLotsBody): Promise<LotDetail[]> {
  return db.transaction(async (tx) => {
    const notes = await lockNotes(tx, body.deliveryNoteIds);
    const first = notes[0];
    if (!first) throw new NotFoundError('Delivery note not found');
    const [grade] = await tx.select({ name: grades.name }).from(grades).where(eq(grades.id, body.gradeId));
    if (!grade) throw fieldError('gradeId', 'This grade does not exist');
    const order = new Map(notes.map((n, i) => [n.id, i]));
    const pool = (
      await tx
        .select({
          id: collections.id,
          deliveryNoteId: collections.deliveryNoteId,
          bags: collections.bags,
          netKg: collections.netKg,
        })
        .from(collections)
        .where(
          and(
            inArray(collections.deliveryNoteId, [...order.keys()]),
            eq(collections.gradeId, body.gradeId),
            eq(collections.status, 'in_delivery'),
            isNull(collections.lotId),
          ),
        )
        .orderBy(asc(collections.collectedOn), asc(collections.createdAt), asc(collections.receiptNo))
        .for('update')
    ).sort((a, b) => (order.get(a.deliveryNoteId ?? '') ?? 0) - (order.get(b.deliveryNoteId ?? '') ?? 0));
    let warehouseLeft = dec(0);
    for (const n of notes) {
      if (!pool.some((c) => c.deliveryNoteId === n.id)) {
        throw fieldError(
          'deliveryNoteIds',
          `Delivery note ${n.dnNo} has no ${grade.name} collections left for lots`,
        );
      }
      warehouseLeft = warehouseLeft.plus(await warehouseKgLeft(tx, n, body.gradeId));
    }
    let shares: string[][];
    try {
      shares = allocateLots(
        pool,
        warehouseLeft,
        body.lots.map((l) => l.netKg),
      );
    } catch (error) {
      if (!(error instanceof LotAllocationError)) throw error;
      const field = error.lotIndex === null ? 'lots' : `lots.${error.lotIndex}.netKg`;
      throw new ValidationError(error.message, { [field]: [error.message] });
    }
    const byId = new Map(pool.map((c) => [c.id, c]));
    const year = yearInTanzania();
    const issued: LotDetail[] = [];
    for (const [i, line] of body.lots.entries()) {
      const members = (shares[i] ?? []).map((id) => byId.get(id)).filter((c) => c !== undefined);
      const collectedKg = sum(members.map((c) => c.netKg)).toFixed(3);
      const [row] = await tx
        .insert(lots)
        .values({
          whrNo: await nextDocumentNumber(tx, 'WHR', year),
          lotNo: await nextLotNo(tx, first.warehouseId, year),
          warehouseId: first.warehouseId,
          amcosId: first.amcosId,
          seasonCropId: first.seasonCropId,
          gradeId: body.gradeId,
          bags: line.bags,
          netKg: line.netKg,
          collectedKg,
          certificateNo: line.certificateNo,
          moisture: line.moisture,
          outturn: line.outturn,
          nutCount: line.nutCount,
          issuedBy: actor.userId,
        })
        .returning({ id: lots.id });
      if (!row) throw new Error('Lot insert returned nothing');
      const sources = notes
        .map((n) => ({ note: n, items: members.filter((c) => c.deliveryNoteId === n.id) }))
        .filter((s) => s.items.length > 0);
      const warehouseParts = splitExact(
        line.netKg,
        sources.map((s) => sum(s.items.map((c) => c.netKg))),
        3,
      );
      await tx.insert(lotSources).values(
        sources.map((s, k) => ({
          lotId: row.id,
          deliveryNoteId: s.note.id,
          bags: s.items.reduce((b, c) => b + c.bags, 0),
          netKg: (warehouseParts[k] ?? dec(0)).toFixed(3),
          collectedKg: sum(s.items.map((c) => c.netKg)).toFixed(3),
        })),
      );
      await tx
        .update(collections)
        .set({ lotId: row.id, status: 'in_lot', updatedAt: new Date() })
        .where(
          inArray(
            collections.id,
            members.map((c) => c.id),
          ),
        );
      const lot = await getLot(tx, row.id);
      const { collections: _items, ...summary } = lot;
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'issued',
        entity: 'lot',
        entityId: row.id,
        after: { ...summary, collectionIds: members.map((c) => c.id) },
      });
      issued.push(lot);
    }
    for (const n of notes) await markReceiptedWhenDone(tx, n, actor.userId);
    return issued;
  });
}

/** A received note with no collection left outside lots is receipted. */
async function markReceiptedWhenDone(tx: Tx, note: Note, actorId: string): Promise<void> {
  const [left] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.deliveryNoteId, note.id), eq(collections.status, 'in_delivery')))
    .limit(1);
  if (left) return;
  await tx
    .update(deliveryNotes)
    .set({ status: 'receipted', updatedAt: new Date() })
    .where(eq(deliveryNotes.id, note.id));
  await recordAudit(tx, {
    actorId,
    action: 'receipted',
    entity: 'delivery_note',
    entityId: note.id,
    before: { status: note.status },
    after: { status: 'receipted' },
  });
}
