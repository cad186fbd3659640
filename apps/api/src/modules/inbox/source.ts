import type { InboxSource, Permission } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';

/**
 * One kind of record waiting for someone (#27): who may act on it (the permission and audience of
 * the route that acts), which rows wait for this actor, and how they read as an inbox item.
 *
 * `waiting` is a `FROM … WHERE …` clause over the source's tables with the record as `x`: the rows
 * in the waiting state, in the actor's society when they are society records, and never the
 * actor's own when the action is an approval (maker-checker: whoever made a record does not
 * approve it). `item` is the select list over those rows, in the inbox item's column order:
 * id, number, party, description, amount, since, status, parent_id, book.
 */
export type InboxSourceDef = {
  key: InboxSource;
  permission: Permission;
  audience: 'union' | 'amcos' | 'any';
  waiting: (actor: Actor) => SQL;
  item: SQL;
};

/** Whether the actor may act on a source's records at all. */
export function actsOn(source: InboxSourceDef, actor: Actor): boolean {
  if (!actor.permissions.has(source.permission)) return false;
  if (source.audience === 'union') return actor.amcosId === null;
  if (source.audience === 'amcos') return actor.amcosId !== null;
  return true;
}

/** Someone other than `actor` made the row (`column` names its maker). */
export const notMadeBy = (actor: Actor, column: string) =>
  sql`${sql.raw(column)} is distinct from ${actor.userId}`;

/**
 * An item's columns in their order: each argument is a SQL expression over `x` (and the source's
 * joins); leave `party`, `description`, `amount`, `parent` and `book` null where a source has none.
 */
export function itemColumns(c: {
  number: string;
  since: string;
  party?: string;
  description?: string;
  amount?: string;
  parent?: string;
  book?: string;
  /** The record's status; `x.status` unless the record has none. */
  status?: string;
}): SQL {
  return sql.raw(
    [
      'x.id',
      `${c.number} as number`,
      `${c.party ?? 'null::text'} as party`,
      `${c.description ?? 'null::text'} as description`,
      `${c.amount ? `(${c.amount})::numeric(18,2)::text` : 'null::text'} as amount`,
      `${c.since} as since`,
      `${c.status ?? 'x.status'}::text as status`,
      `${c.parent ?? 'null::uuid'} as parent_id`,
      `${c.book ?? 'null::text'} as book`,
    ].join(', '),
  );
}
