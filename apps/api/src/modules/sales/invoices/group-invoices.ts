import type { GroupInvoice, GroupInvoiceDetail, groupInvoiceListQuery } from '@ushirika/contracts';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { buyers } from '../buyers/schema.ts';
import { invoiceColumns } from './queries.ts';
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
  return pageOf(
    db,
    () =>
      db
        .select(columns)
        .from(groupInvoices)
        .innerJoin(buyers, eq(buyers.id, groupInvoices.buyerId))
        .$dynamic(),
    {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [desc(groupInvoices.groupDate)],
        tiebreak: groupInvoices.id,
      },
      window,
    },
  );
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
