import {
  type Circular,
  type CircularReader,
  circular,
  circularReader,
  type ListQuery,
  uuid,
} from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { likeContains, type PageWindow, sqlPageOf } from '../../platform/list.ts';

type Viewer = { userId: string; amcosId: string | null };

/** Who may see a circular: union staff all of them; an AMCOS user those sent to their society. */
const visibleTo = (viewer: Viewer): SQL =>
  viewer.amcosId === null
    ? sql`true`
    : sql`exists (select 1 from circular_recipients r where r.circular_id = c.id and r.amcos_id = ${viewer.amcosId})`;

const columns = (viewer: Viewer) => sql`
  c.id, c.title, c.body, c.audience, c.sms_notice as "smsNotice",
  to_char(c.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "publishedAt",
  u.first_name || ' ' || u.last_name as "publishedBy",
  (select count(*)::int from circular_recipients r where r.circular_id = c.id) as "recipientCount",
  (select count(*)::int from circular_reads cr where cr.circular_id = c.id) as "readCount",
  (select count(*)::int from users au join circular_recipients r on r.amcos_id = au.amcos_id
    where r.circular_id = c.id and au.active) as "readerCount",
  (select to_char(cr.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from circular_reads cr
    where cr.circular_id = c.id and cr.user_id = ${viewer.userId}) as "readAt"`;

export async function listCirculars(
  db: DbOrTx,
  viewer: Viewer,
  query: ListQuery & { unread?: boolean | undefined },
  window: PageWindow,
): Promise<{ rows: Omit<Circular, 'body'>[]; total: number }> {
  const filters: SQL[] = [visibleTo(viewer)];
  if (query.search) filters.push(sql`c.title ilike ${likeContains(query.search)}`);
  if (query.unread && viewer.amcosId !== null) {
    filters.push(
      sql`not exists (select 1 from circular_reads cr where cr.circular_id = c.id and cr.user_id = ${viewer.userId})`,
    );
  }
  const { rows, total } = await sqlPageOf(db, circular, {
    columns: columns(viewer),
    from: sql`circulars c join users u on u.id = c.published_by`,
    where: sql.join(filters, sql` and `),
    order: [sql`c.published_at desc`, sql`c.id desc`],
    window,
  });
  return { rows: rows.map(({ body: _body, ...row }) => row), total };
}

/** One circular as the viewer may see it, or null (absent, or not sent to their society). */
export async function getCircular(db: DbOrTx, viewer: Viewer, id: string): Promise<Circular | null> {
  const [row] = await queryRows(
    db,
    circular,
    sql`select ${columns(viewer)} from circulars c join users u on u.id = c.published_by
      where c.id = ${id} and ${visibleTo(viewer)}`,
  );
  return row ?? null;
}

/** Every active user of the AMCOS a circular went to, with their read receipt (null: not read). */
export async function listReaders(
  db: DbOrTx,
  circularId: string,
  status: 'all' | 'read' | 'unread',
): Promise<{ readers: CircularReader[]; amcosNotRead: { amcosId: string; amcosName: string }[] }> {
  const filter =
    status === 'read'
      ? sql`and cr.read_at is not null`
      : status === 'unread'
        ? sql`and cr.read_at is null`
        : sql``;
  const readers = await queryRows(
    db,
    circularReader,
    sql`select a.id as "amcosId", a.name as "amcosName", u.id as "userId",
        u.first_name || ' ' || u.last_name as "userName",
        to_char(cr.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "readAt"
      from circular_recipients r
      join amcos a on a.id = r.amcos_id
      join users u on u.amcos_id = r.amcos_id and u.active
      left join circular_reads cr on cr.circular_id = r.circular_id and cr.user_id = u.id
      where r.circular_id = ${circularId} ${filter}
      order by a.name, u.first_name, u.last_name, u.id`,
  );
  const amcosNotRead = await queryRows(
    db,
    z.object({ amcosId: uuid, amcosName: z.string() }),
    sql`select a.id as "amcosId", a.name as "amcosName" from circular_recipients r join amcos a on a.id = r.amcos_id
      where r.circular_id = ${circularId}
        and not exists (select 1 from circular_reads cr where cr.circular_id = r.circular_id and cr.amcos_id = r.amcos_id)
      order by a.name, a.id`,
  );
  return { readers, amcosNotRead };
}
