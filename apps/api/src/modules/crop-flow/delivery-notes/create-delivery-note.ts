import type { CreateDeliveryNoteBody, DeliveryNoteDetail } from '@ushirika/contracts';
import { yearInTanzania } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ForbiddenError, fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { amcos } from '../../amcos/schema.ts';
import { seasonCrops } from '../../seasons/schema.ts';
import { transporters, vehicles } from '../../transporters/schema.ts';
import { warehouses } from '../../warehouses/schema.ts';
import { deliveryNotes } from '../schema.ts';
import { getDeliveryNote } from './queries.ts';
import { attachCollections } from './select-collections.ts';

/** The society the note is for: an AMCOS user's own, or the one union staff chose. */
export function noteSociety(actor: Actor, requested: string | null): string {
  if (actor.amcosId) {
    if (requested && requested !== actor.amcosId) {
      throw new ForbiddenError('You can make delivery notes for your own society only');
    }
    return actor.amcosId;
  }
  if (!requested) throw fieldError('amcosId', 'Choose the AMCOS');
  return requested;
}

async function checkReferences(tx: Tx, amcosId: string, body: CreateDeliveryNoteBody) {
  const [society] = await tx.select({ status: amcos.status }).from(amcos).where(eq(amcos.id, amcosId));
  if (!society) throw fieldError('amcosId', 'This AMCOS does not exist');
  if (society.status !== 'active') throw fieldError('amcosId', 'This AMCOS is suspended');
  const [crop] = await tx
    .select({ id: seasonCrops.id })
    .from(seasonCrops)
    .where(eq(seasonCrops.id, body.seasonCropId));
  if (!crop) throw fieldError('seasonCropId', 'This season crop does not exist');
  const [store] = await tx
    .select({ active: warehouses.active })
    .from(warehouses)
    .where(eq(warehouses.id, body.warehouseId));
  if (!store?.active) throw fieldError('warehouseId', 'Choose an active warehouse');
  const [carrier] = await tx
    .select({ active: transporters.active })
    .from(transporters)
    .where(eq(transporters.id, body.transporterId));
  if (!carrier?.active) throw fieldError('transporterId', 'Choose an active transporter');
  if (!body.vehicleId) return { vehicleId: null, plate: body.vehiclePlate ?? '' };
  const [truck] = await tx
    .select({ transporterId: vehicles.transporterId, plateNo: vehicles.plateNo })
    .from(vehicles)
    .where(eq(vehicles.id, body.vehicleId));
  if (!truck || truck.transporterId !== body.transporterId) {
    throw fieldError('vehicleId', 'This vehicle is not one of the transporter’s');
  }
  return { vehicleId: body.vehicleId, plate: truck.plateNo };
}

/** A draft delivery note with the chosen pending collections of one AMCOS and season crop. */
export async function createDeliveryNote(
  db: Db,
  actor: Actor,
  { body }: { body: CreateDeliveryNoteBody },
): Promise<DeliveryNoteDetail> {
  return db.transaction(async (tx) => {
    const amcosId = noteSociety(actor, body.amcosId);
    const vehicle = await checkReferences(tx, amcosId, body);
    const dnNo = await nextDocumentNumber(tx, 'DN', yearInTanzania());
    const [row] = await tx
      .insert(deliveryNotes)
      .values({
        dnNo,
        amcosId,
        seasonCropId: body.seasonCropId,
        warehouseId: body.warehouseId,
        transporterId: body.transporterId,
        vehicleId: vehicle.vehicleId,
        vehiclePlate: vehicle.plate,
        driverName: body.driverName,
        driverPhone: body.driverPhone,
        createdBy: actor.userId,
      })
      .returning({ id: deliveryNotes.id });
    if (!row) throw new Error('Delivery note insert returned nothing');
    const ids = await attachCollections(
      tx,
      actor,
      row.id,
      { amcosId, seasonCropId: body.seasonCropId },
      body.selection,
    );
    const note = await getDeliveryNote(tx, row.id);
    const { collections: _items, ...summary } = note;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'delivery_note',
      entityId: row.id,
      after: { ...summary, collectionIds: ids },
    });
    return note;
  });
}
