import type {
  createGroupInvoiceBody,
  GroupInvoice,
  GroupInvoiceDetail,
  groupInvoiceListQuery,
} from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../../platform/list.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { buyers } from '../buyers/schema.ts';
import { invoiceColumns, OPEN_STATUSES } from './queries.ts';
import { groupInvoiceMembers, groupInvoices, salesInvoices } from './schema.ts';

const columns = {
  id: groupInvoices.id,
  groupNo: groupInvoices.groupNo,
  buyerId: groupInvoices.buyerId,
  buyerName: buyers.name,
  groupDate: groupInvoices.groupDate,
  dueDate: groupInvoices.dueDate,
  total: groupInvoices.total,
  balance: sql<string>`(select coalesce(sum(si.total - si.paid_amount), 0)::numeric(16,2)::text
    from group_invoice_members m join sales_invoices si on si.id = m.invoice_id
    where m.group_invoice_id = "group_invoices"."id" and si.status in ('issued', 'part_paid'))`,
  invoiceCount: sql<number>`(select count(*)::int from group_invoice_members m
    where m.group_invoice_id = "group_invoices"."id")`,
  remarks: groupInvoices.remarks,
};

export async function listGroupInvoices(
  db: DbOrTx,
  query: z.infer<typeof groupInvoiceListQuery>,
  window: PageWindow,
): Promise<{ rows: GroupInvoice[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = and(
    pattern ? or(ilike(groupInvoices.groupNo, pattern), ilike(buyers.name, pattern)) : undefined,
    query.buyer_id ? eq(groupInvoices.buyerId, query.buyer_id) : undefined,
  );
  const sortable = {
    groupNo: groupInvoices.groupNo,
    groupDate: groupInvoices.groupDate,
    total: groupInvoices.total,
  };
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(groupInvoices)
      .innerJoin(buyers, eq(buyers.id, groupInvoices.buyerId))
      .where(where)
      .orderBy(...orderByOf(query.sort, sortable, [desc(groupInvoices.groupDate)], groupInvoices.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: count() })
      .from(groupInvoices)
      .innerJoin(buyers, eq(buyers.id, groupInvoices.buyerId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getGroupInvoice(db: DbOrTx, id: string): Promise<GroupInvoiceDetail> {
  const [row] = await db
    .select(columns)
    .from(groupInvoices)
    .innerJoin(buyers, eq(buyers.id, groupInvoices.buyerId))
    .where(eq(groupInvoices.id, id));
  if (!row) throw new NotFoundError('Group invoice not found');
  const invoices = await db
    .select(invoiceColumns)
    .from(groupInvoiceMembers)
    .innerJoin(salesInvoices, eq(salesInvoices.id, groupInvoiceMembers.invoiceId))
    .innerJoin(buyers, eq(buyers.id, salesInvoices.buyerId))
    .where(eq(groupInvoiceMembers.groupInvoiceId, id))
    .orderBy(asc(salesInvoices.invoiceDate), asc(salesInvoices.invoiceNo));
  return { ...row, invoices };
}

/**
 * Combines open invoices of one buyer into one document to send; the total is what the members
 * still owe at grouping, due on the latest member due date. Payments are still allocated to the
 * member invoices.
 */
export async function createGroupInvoice(
  db: Db,
  { body, actorId }: { body: z.infer<typeof createGroupInvoiceBody>; actorId: string },
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
        createdBy: actorId,
      })
      .returning({ id: groupInvoices.id });
    if (!row) throw new Error('Group invoice insert returned nothing');
    await tx
      .insert(groupInvoiceMembers)
      .values(ids.map((invoiceId) => ({ groupInvoiceId: row.id, invoiceId })));
    const after = await getGroupInvoice(tx, row.id);
    await recordAudit(tx, { actorId, action: 'created', entity: 'group_invoice', entityId: row.id, after });
    return after;
  });
}
