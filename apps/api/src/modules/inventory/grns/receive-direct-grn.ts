import type { CreateDirectGrnBody, GrnDetail } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { fieldError } from '../../../platform/errors.ts';
import { suppliers } from '../../purchase/suppliers/schema.ts';
import { storeOf } from '../stores/queries.ts';
import { getGrn } from './queries.ts';
import { saveGrn } from './save-grn.ts';

/** grn2: goods received without an order, valued at the unit cost the store keeper enters. */
export async function receiveDirectGrn(db: Db, actor: Actor, body: CreateDirectGrnBody): Promise<GrnDetail> {
  const id = await db.transaction(async (tx) => {
    const store = await storeOf(tx, actor, body.storeId);
    let supplier: { id: string; name: string } | null = null;
    if (body.supplierId) {
      const [row] = await tx
        .select({ id: suppliers.id, name: suppliers.name })
        .from(suppliers)
        .where(eq(suppliers.id, body.supplierId));
      if (!row) throw fieldError('supplierId', 'The chosen supplier does not exist');
      supplier = row;
    }
    return saveGrn(tx, actor, {
      kind: 'direct',
      orderId: null,
      orderNo: null,
      supplier,
      store,
      receivedOn: body.receivedOn,
      supplierRef: body.supplierRef,
      remarks: body.remarks,
      lines: body.lines.map((l) => ({ ...l, orderLineId: null })),
    });
  });
  return getGrn(db, id);
}
