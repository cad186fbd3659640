import type { createGroupInvoiceBody, GroupInvoiceDetail } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { buyers } from '../buyers/schema.ts';
import { getGroupInvoice } from './group-invoices.ts';
import { OPEN_STATUSES } from './queries.ts';
import { groupInvoiceMembers, groupInvoices, salesInvoices } from './schema.ts';

/**
 * Combines open invoices of one buyer into one document to send; the total is what the members
 * still owe at grouping, due on the latest member due date. Payments are still allocated to the
 * member invoices.
 */
export async function createGroupInvoice(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createGroupInvoiceBody>,
): Promise<GroupInvoiceDetail> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.invoiceIds)].sort();
    const [buyer] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, body.buyerId));
    if (!buyer) throw new NotFoundError('Buyer not found');
    const members = await tx
      .select()
      .from(salesInvoices)
      .where(inArray(salesInvoices.id, ids))
      .orderBy(asc(salesInvoices.id))
      .for('update');
    if (members.length !== ids.length) throw new NotFoundError('Invoice not found');
    if (members.some((m) => m.buyerId !== body.buyerId))
      throw fieldError('invoiceIds', 'Every invoice must belong to the chosen buyer');
    if (members.some((m) => !(OPEN_STATUSES as readonly string[]).includes(m.status)))
      throw fieldError('invoiceIds', 'Only open (unpaid or part paid) invoices can be grouped');
    const total = sum(members.map((m) => dec(m.total).minus(dec(m.paidAmount))));
    const dueDate =
      members
        .map((m) => m.dueDate)
        .sort()
        .at(-1) ?? body.groupDate;
    const groupNo = await nextDocumentNumber(tx, 'GI', Number(body.groupDate.slice(0, 4)));
    const [row] = await tx
      .insert(groupInvoices)
      .values({
        groupNo,
        buyerId: body.buyerId,
        groupDate: body.groupDate,
        dueDate: dueDate < body.groupDate ? body.groupDate : dueDate,
        total: total.toFixed(2),
        remarks: body.remarks,
        createdBy: actor.userId,
      })
      .returning({ id: groupInvoices.id });
    if (!row) throw new Error('Group invoice insert returned nothing');
    await tx
      .insert(groupInvoiceMembers)
      .values(ids.map((invoiceId) => ({ groupInvoiceId: row.id, invoiceId })));
    const after = await getGroupInvoice(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'group_invoice',
      entityId: row.id,
      after,
    });
    return after;
  });
}
