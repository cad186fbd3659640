import type { AuctionDetail } from '@ushirika/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { collections, lots } from '../../crop-flow/schema.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { queueAuctionResultSms } from './auction-sms.ts';
import { getAuction, lockAuction } from './queries.ts';
import { auctions } from './schema.ts';

const catalogueRow = z.object({
  lotId: z.string(),
  lotNo: z.string(),
  whrNo: z.string(),
  gradeName: z.string(),
  gradeNameSw: z.string(),
  netKg: z.string(),
  result: z.string().nullable(),
  decision: z.string().nullable(),
  buyerId: z.string().nullable(),
  pricePerKg: z.string().nullable(),
});
type CatalogueRow = z.infer<typeof catalogueRow>;

/**
 * Closes an auction in one transaction: every lot needs a result, and every bid the society's
 * decision. Accepted lots are sold (their collections too) and invoiced, one invoice per buyer
 * through the invoices module (which posts it); rejected and unsold lots go back in store for the
 * next auction. The auction and its lots are row-locked, so a second close waits and gets 409.
 */
export async function closeAuction(db: Db, actor: Actor, { id }: { id: string }): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, id);
    if (auction.status === 'closed') throw new ConflictError('This auction is already closed');
    if (auction.status === 'draft')
      throw new ConflictError('Publish the catalogue and record the results first');

    const rows = await queryRows(
      tx,
      catalogueRow,
      sql`
        select al.lot_id as "lotId", l.lot_no as "lotNo", l.whr_no as "whrNo", g.name as "gradeName",
          coalesce(nullif(g.name_sw, ''), g.name) as "gradeNameSw",
          l.net_kg::text as "netKg", al.result, al.decision, al.buyer_id as "buyerId",
          al.price_per_kg::text as "pricePerKg"
        from auction_lots al join lots l on l.id = al.lot_id join grades g on g.id = l.grade_id
        where al.auction_id = ${id}
        order by l.id
        for update of l, al`,
    );

    const lacking = rows.filter((r) => r.result === null || (r.result === 'bid' && r.decision === null));
    if (lacking.length > 0) {
      const names = lacking
        .map((r) => r.lotNo)
        .sort()
        .slice(0, 10)
        .join(', ');
      const more = lacking.length > 10 ? ` and ${lacking.length - 10} more` : '';
      const message = `${lacking.length} lot(s) have no result or no decision yet: ${names}${more}`;
      throw new ValidationError(message, { lots: [message] });
    }

    const accepted = rows.filter((r) => r.decision === 'accept');
    const byBuyer = new Map<string, CatalogueRow[]>();
    for (const r of accepted) {
      if (!r.buyerId) continue;
      byBuyer.set(r.buyerId, [...(byBuyer.get(r.buyerId) ?? []), r]);
    }
    const invoiceOf = new Map<string, string>();
    const invoices: { invoiceNo: string; total: string }[] = [];
    for (const [buyerId, list] of [...byBuyer].sort(([a], [b]) => a.localeCompare(b))) {
      list.sort((a, b) => a.lotNo.localeCompare(b.lotNo));
      const invoice = await issueInvoice(tx, {
        buyerId,
        auctionId: id,
        invoiceDate: auction.auctionDate,
        lines: list.map((r) => ({
          lotId: r.lotId,
          // Written in both languages, as system narrations are (#20): each reader sees theirs.
          description: `${auction.auctionNo} lot ${r.lotNo} (WHR ${r.whrNo}), ${r.gradeName}`,
          descriptionSw: `${auction.auctionNo} loti ${r.lotNo} (WHR ${r.whrNo}), ${r.gradeNameSw}`,
          kg: r.netKg,
          pricePerKg: r.pricePerKg ?? '0',
        })),
        actorId: actor.userId,
      });
      invoices.push({ invoiceNo: invoice.invoiceNo, total: invoice.total });
      for (const r of list) invoiceOf.set(r.lotId, invoice.id);
    }

    // The catalogue rows: sold (with amount and invoice) or returned; the lots follow, by id (index).
    const soldIds = accepted.map((r) => r.lotId);
    const returnedIds = rows.filter((r) => r.decision !== 'accept').map((r) => r.lotId);
    if (returnedIds.length > 0) {
      await tx.execute(sql`update auction_lots set outcome = 'returned', updated_at = now()
        where auction_id = ${id} and decision is distinct from 'accept'`);
      await tx.update(lots).set({ status: 'in_store' }).where(inArray(lots.id, returnedIds));
    }
    if (soldIds.length > 0) {
      const values = sql.join(
        [...invoiceOf].map(([lotId, invoiceId]) => sql`(${lotId}::uuid, ${invoiceId}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`
        update auction_lots al set outcome = 'sold', amount = round(l.net_kg * al.price_per_kg, 2),
          invoice_id = v.invoice_id, updated_at = now()
        from (values ${values}) as v(lot_id, invoice_id) join lots l on l.id = v.lot_id
        where al.auction_id = ${id} and al.lot_id = v.lot_id`);
      await tx.update(lots).set({ status: 'sold' }).where(inArray(lots.id, soldIds));
      await tx
        .update(collections)
        .set({ status: 'sold' })
        .where(and(inArray(collections.lotId, soldIds), eq(collections.status, 'in_lot')));
      await queueAuctionResultSms(tx, auction);
    }
    await tx
      .update(auctions)
      .set({ status: 'closed', closedAt: new Date(), closedBy: actor.userId })
      .where(eq(auctions.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'closed',
      entity: 'auction',
      entityId: id,
      after: {
        sold: accepted.length,
        returned: rows.length - accepted.length,
        invoices,
      },
    });
    return getAuction(tx, id);
  });
}
