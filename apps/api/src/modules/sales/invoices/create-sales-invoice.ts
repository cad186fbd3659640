import type { createSalesInvoiceBody, SalesInvoiceDetail } from '@ushirika/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { issueInvoice } from './issue-invoice.ts';
import { getSalesInvoice } from './queries.ts';

/** A manual invoice for other sales (no lots): the same issuing, numbering and posting as an auction's. */
export async function createSalesInvoice(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createSalesInvoiceBody>,
): Promise<SalesInvoiceDetail> {
  return db.transaction(async (tx) => {
    const { id } = await issueInvoice(tx, {
      buyerId: body.buyerId,
      auctionId: null,
      invoiceDate: body.invoiceDate,
      ...(body.dueDate ? { dueDate: body.dueDate } : {}),
      lines: body.lines.map((l) => ({ lotId: null, ...l })),
      actorId: actor.userId,
    });
    return getSalesInvoice(tx, id);
  });
}
