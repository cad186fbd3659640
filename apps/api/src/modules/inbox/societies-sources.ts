import { sql } from 'drizzle-orm';
import { type InboxSourceDef, itemColumns, notMadeBy } from './source.ts';

/**
 * What waits at each level between the union and its societies: input requests (an AMCOS manager
 * approves their society's pending ones, the union the AMCOS-approved, and the society issues the
 * approved ones from its store), stock on its way to a store
 * (counted at the receiving store: an AMCOS's own, or a union store), and circulars not yet read.
 */
export const societySources: InboxSourceDef[] = [
  {
    key: 'input_requests',
    permission: 'collections.input.approve',
    audience: 'any',
    waiting: (actor) =>
      actor.amcosId
        ? sql`from input_requests x join farmers f on f.id = x.farmer_id
            where x.status = 'pending' and x.amcos_id = ${actor.amcosId} and ${notMadeBy(actor, 'x.created_by')}`
        : sql`from input_requests x join farmers f on f.id = x.farmer_id
            where x.status = 'amcos_approved' and ${notMadeBy(actor, 'x.created_by')}
              and ${notMadeBy(actor, 'x.amcos_approved_by')}`,
    item: itemColumns({
      number: 'x.request_no',
      party: "f.farmer_no || ' ' || f.first_name || ' ' || f.last_name",
      description: 'x.notes',
      amount: 'x.credit_value',
      since: 'coalesce(x.amcos_approved_at, x.created_at)',
    }),
  },
  {
    // Approved at every level, the inputs wait at the society's store to be issued to the farmer.
    key: 'requests_to_issue',
    permission: 'collections.collection.create',
    audience: 'amcos',
    waiting: (actor) =>
      sql`from input_requests x join farmers f on f.id = x.farmer_id
        where x.status = 'approved' and x.amcos_id = ${actor.amcosId}`,
    item: itemColumns({
      number: 'x.request_no',
      party: "f.farmer_no || ' ' || f.first_name || ' ' || f.last_name",
      description: 'x.notes',
      amount: 'x.credit_value',
      since: 'coalesce(x.union_approved_at, x.created_at)',
    }),
  },
  {
    key: 'stock_transfers',
    permission: 'inventory.store.update',
    audience: 'any',
    waiting: (actor) =>
      sql`from stock_transfers x join stores fs on fs.id = x.from_store_id join stores ts on ts.id = x.to_store_id
        where x.status = 'in_transit' and ${notMadeBy(actor, 'x.dispatched_by')}
          and ${actor.amcosId ? sql`x.to_amcos_id = ${actor.amcosId}` : sql`x.to_amcos_id is null`}`,
    item: itemColumns({
      number: 'x.transfer_no',
      party: 'ts.name',
      description: "fs.name || ' → ' || ts.name",
      amount: 'x.total_value',
      since: 'x.created_at',
    }),
  },
  {
    key: 'circulars',
    permission: 'circulars.circular.read',
    audience: 'amcos',
    waiting: (actor) =>
      sql`from circulars x join circular_recipients r on r.circular_id = x.id and r.amcos_id = ${actor.amcosId}
        where not exists (select 1 from circular_reads cr where cr.circular_id = x.id and cr.user_id = ${actor.userId})`,
    item: itemColumns({ number: 'x.title', since: 'x.published_at', status: "'unread'" }),
  },
];
