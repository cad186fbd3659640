import type { Circular, PublishCircularBody } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Lang } from '../../platform/labels.ts';
import { enqueueSmsSql } from '../../platform/sms-outbox.ts';
import { STAFF_SMS, smsText } from '../../platform/sms-texts.ts';
import { getCircular } from './queries.ts';
import { circularRecipients, circulars } from './schema.ts';

const idRow = z.object({ id: z.string() });

/** The SMS notice to an AMCOS manager, in their language: short, the circular's title shortened. */
export function circularSmsText(title: string, lang: Lang): string {
  const short = title.length > 60 ? `${title.slice(0, 57)}...` : title;
  return smsText(STAFF_SMS.circular[lang], { title: short });
}

/**
 * Publishes a circular (#18) in one transaction: the circular, the AMCOS it goes to (every active
 * society for `all`, the chosen ones otherwise, which must exist), the audit event and, when asked,
 * an SMS notice to each active AMCOS Manager of those societies through the SMS outbox.
 */
export async function publishCircular(db: Db, actor: Actor, body: PublishCircularBody): Promise<Circular> {
  const chosen = [...new Set(body.amcosIds)];
  return db.transaction(async (tx) => {
    const targets =
      body.audience === 'all'
        ? await queryRows(tx, idRow, sql`select id from amcos where status = 'active' order by id`)
        : await queryRows(
            tx,
            idRow,
            sql`select id from amcos where id in (${sql.join(
              chosen.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) order by id`,
          );
    if (body.audience === 'chosen' && targets.length !== chosen.length) {
      throw fieldError('amcosIds', 'A chosen AMCOS does not exist');
    }
    if (targets.length === 0) throw fieldError('audience', 'There is no active AMCOS to send it to');
    const [row] = await tx
      .insert(circulars)
      .values({
        title: body.title,
        body: body.body,
        audience: body.audience,
        smsNotice: body.smsNotice,
        publishedBy: actor.userId,
      })
      .returning({ id: circulars.id });
    if (!row) throw new Error('Circular insert returned nothing');
    await tx.insert(circularRecipients).values(targets.map((t) => ({ circularId: row.id, amcosId: t.id })));
    if (body.smsNotice) {
      await tx.execute(
        enqueueSmsSql(sql`select gen_random_uuid() as id, u.mobile as recipient,
            case when u.language = 'sw' then ${circularSmsText(body.title, 'sw')}::text
              else ${circularSmsText(body.title, 'en')}::text end as body
          from circular_recipients r
          join users u on u.amcos_id = r.amcos_id and u.active
          where r.circular_id = ${row.id}
            and exists (select 1 from user_roles ur join roles ro on ro.id = ur.role_id
              where ur.user_id = u.id and ro.name = 'AMCOS Manager')`),
      );
    }
    const published = await getCircular(tx, { userId: actor.userId, amcosId: null }, row.id);
    if (!published) throw new Error('Published circular not found');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'circular',
      entityId: row.id,
      after: { ...published, amcosIds: targets.map((t) => t.id) },
    });
    return published;
  });
}
