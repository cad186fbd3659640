import type { Circular } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { getCircular } from './queries.ts';

/**
 * An AMCOS user confirms reading a circular sent to their society (#18): one read receipt per user,
 * kept at the first confirmation (confirming again changes nothing). Union staff have nothing to
 * confirm; a circular not sent to the user's society is "not found" to them.
 */
export async function confirmCircularRead(db: Db, actor: Actor, input: { id: string }): Promise<Circular> {
  const { amcosId } = actor;
  if (amcosId === null) throw new ForbiddenError('Only AMCOS users confirm reading a circular');
  return db.transaction(async (tx) => {
    const circular = await getCircular(tx, actor, input.id);
    if (!circular) throw new NotFoundError('Circular not found');
    await tx.execute(sql`insert into circular_reads (circular_id, user_id, amcos_id)
      values (${input.id}, ${actor.userId}, ${amcosId}) on conflict (circular_id, user_id) do nothing`);
    const read = await getCircular(tx, actor, input.id);
    if (!read) throw new NotFoundError('Circular not found');
    return read;
  });
}
