import { dec } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { postBusinessEvent } from '../../src/modules/accounts/journal/post-business-event.ts';

export type SoldPaidLot = {
  /** Ends every number written (DN, WHR, lot, invoice, receipts): unique per lot. */
  tag: string;
  amcosId: string;
  seasonCropId: string;
  gradeId: string;
  warehouseId: string;
  transporterId: string;
  buyerId: string;
  /** The society's farmers whose collection (one each) the lot holds: a condition on `farmers f`. */
  farmers: SQL;
  farmerCount: number;
  kgPerFarmer: number;
  pricePerKg: number;
  collectedOn: string;
  /** The invoice's date and the buyer's payment. */
  soldOn: string;
  /** Who issued the lot and recorded the collections (null: the system). */
  actorId: string | null;
};

/**
 * A lot settlement can pay from, written with bulk SQL: its delivery note (receipted), the lot
 * (sold), one collection of `kgPerFarmer` per farmer, a paid invoice of one line, and the invoice
 * and the buyer's payment posted as the sales module posts them, so the books balance.
 */
export async function writeSoldPaidLot(db: Db, l: SoldPaidLot): Promise<void> {
  const kg = dec(l.kgPerFarmer).times(l.farmerCount);
  const amount = kg.times(l.pricePerKg).toFixed(2);
  const netKg = kg.toFixed(3);
  const [ids] = await queryRows(
    db,
    z.object({ dn: z.string(), lot: z.string(), invoice: z.string() }),
    sql`with dn as (
        insert into delivery_notes (id, dn_no, amcos_id, season_crop_id, warehouse_id, transporter_id, vehicle_plate,
          driver_name, status, bags, net_kg, transport_charge, received_bags, received_kg)
        values (gen_random_uuid(), ${`DN-${l.tag}`}, ${l.amcosId}, ${l.seasonCropId}, ${l.warehouseId},
          ${l.transporterId}, 'T 123 ABC', 'Juma', 'receipted', ${l.farmerCount}, ${netKg}, ${kg.times(15).toFixed(2)},
          ${l.farmerCount}, ${netKg})
        returning id),
      lot as (
        insert into lots (id, whr_no, lot_no, warehouse_id, amcos_id, season_crop_id, grade_id, bags, net_kg,
          collected_kg, status, issued_by)
        values (gen_random_uuid(), ${`WHR-${l.tag}`}, ${`L-${l.tag}`}, ${l.warehouseId}, ${l.amcosId},
          ${l.seasonCropId}, ${l.gradeId}, ${l.farmerCount}, ${netKg}, ${netKg}, 'sold', ${l.actorId})
        returning id),
      inv as (
        insert into sales_invoices (id, invoice_no, buyer_id, invoice_date, due_date, status, subtotal, levies_total,
          total, paid_amount)
        values (gen_random_uuid(), ${`INV-${l.tag}`}, ${l.buyerId}, ${l.soldOn}, ${l.soldOn}, 'paid', ${amount}, 0,
          ${amount}, ${amount})
        returning id)
      select dn.id as dn, lot.id as lot, inv.id as invoice from dn, lot, inv`,
  );
  if (!ids) throw new Error('lot insert');
  await db.execute(sql`insert into lot_sources (lot_id, delivery_note_id, bags, net_kg, collected_kg)
    values (${ids.lot}, ${ids.dn}, ${l.farmerCount}, ${netKg}, ${netKg})`);
  await db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id,
      grade_id, bags, gross_kg, tare_kg, net_kg, moisture, status, delivery_note_id, lot_id, created_by)
    select gen_random_uuid(), ${`RC-${l.tag}-`} || f.farmer_no, ${l.collectedOn}, ${l.seasonCropId}, ${l.amcosId},
      f.id, ${l.gradeId}, 1, ${l.kgPerFarmer} + 1, 1, ${l.kgPerFarmer}, 8, 'sold', ${ids.dn}, ${ids.lot}, ${l.actorId}
    from farmers f
    where f.amcos_id = ${l.amcosId} and ${l.farmers}`);
  await db.execute(sql`insert into sales_invoice_lines (id, invoice_id, line_no, kind, lot_id, description, kg,
      price_per_kg, amount)
    values (gen_random_uuid(), ${ids.invoice}, 1, 'lot', ${ids.lot}, ${`Lot L-${l.tag}`}, ${netKg}, ${l.pricePerKg},
      ${amount})`);
  for (const type of ['sales_invoice', 'buyer_receipt'] as const)
    await db.transaction((tx) =>
      postBusinessEvent(tx, {
        type,
        amount,
        ...(type === 'sales_invoice' ? { buyerLevies: '0.00' } : {}),
        date: l.soldOn,
        narration: `${type} INV-${l.tag}`,
        sourceType: type,
        sourceId: ids.invoice,
        actorId: null,
      }),
    );
}
