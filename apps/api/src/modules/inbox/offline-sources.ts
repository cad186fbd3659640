import { sql } from 'drizzle-orm';
import { type InboxSourceDef, itemColumns, notMadeBy } from './source.ts';

/**
 * Receipts weighed offline that the server kept for review (#29): the AMCOS manager approves or
 * voids their society's; union staff with the right see every society's. Never the reviewer's own.
 */
export const offlineSources: InboxSourceDef[] = [
  {
    key: 'offline_receipts',
    permission: 'collections.device.manage',
    audience: 'any',
    waiting: (actor) =>
      sql`from offline_receipts x join farmers f on f.id = x.farmer_id
        where x.status = 'needs_review' and ${notMadeBy(actor, 'x.captured_by')}
          ${actor.amcosId ? sql`and x.amcos_id = ${actor.amcosId}` : sql``}`,
    item: itemColumns({
      number: 'x.receipt_no',
      party: "f.farmer_no || ' ' || f.first_name || ' ' || f.last_name",
      description: 'x.reason',
      since: 'x.received_at',
    }),
  },
];
