import type { CreateBoqBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { boqItems } from './schema.ts';

/** The database's refusals of a BOQ, as the form's fields name them. */
export const boqConstraints = {
  boqs_season_crop_id_season_crops_id_fk: {
    field: 'seasonCropId',
    message: 'The chosen season crop does not exist',
  },
  boq_items_quantity_check: { field: 'items', message: 'The quantity per acre must be more than 0' },
  boq_items_price_check: { field: 'items', message: 'A unit price cannot be negative' },
};

/** Replaces a BOQ's item list as a whole, as the form edits it, numbered in the order given. */
export async function writeBoqItems(tx: Tx, boqId: string, items: CreateBoqBody['items']) {
  await tx.delete(boqItems).where(eq(boqItems.boqId, boqId));
  await tx.insert(boqItems).values(items.map((item, i) => ({ ...item, boqId, line: i + 1 })));
}
