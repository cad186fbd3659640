import type { CreateUserBody, User } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor, SystemActor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError, fieldError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { STAFF_SMS, smsText } from '../../platform/sms-texts.ts';
import { randomPassword } from '../../platform/tokens.ts';
import { amcos } from '../amcos/schema.ts';
import { assertRolesFit, findUserByEmail, getUser } from './queries.ts';
import { userRoles, users } from './schema.ts';

export type Sms = { to: string; text: string };

/**
 * Creates a union or AMCOS user with their roles. Without a typed password one is generated and
 * only sent to the user's phone by SMS (the caller sends it after commit); it never appears in the
 * answer. Every new user must change the initial password at first sign-in.
 */
export async function createUser(
  db: Db,
  actor: Actor | SystemActor,
  body: CreateUserBody,
): Promise<{ user: User; sms: Sms | null }> {
  const password = body.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    if (await findUserByEmail(tx, body.email))
      throw new ConflictError('A user with this email already exists');
    if (body.amcosId) {
      const [society] = await tx.select({ id: amcos.id }).from(amcos).where(eq(amcos.id, body.amcosId));
      if (!society) throw fieldError('amcosId', 'The chosen AMCOS does not exist');
    }
    await assertRolesFit(tx, body.roleIds, body.amcosId);
    const [row] = await tx
      .insert(users)
      .values({
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        mobile: body.mobile,
        gender: body.gender,
        amcosId: body.amcosId,
        language: body.language,
        passwordHash,
        isInitialPassword: true,
        createdBy: actor.userId,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('User insert returned nothing');
    await tx
      .insert(userRoles)
      .values([...new Set(body.roleIds)].map((roleId) => ({ userId: row.id, roleId })));
    const created = await getUser(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'user',
      entityId: row.id,
      after: created,
    });
    return created;
  });
  const sms = body.password
    ? null
    : {
        to: user.mobile,
        text: smsText(STAFF_SMS.welcome[user.language], { email: user.email, password }),
      };
  return { user, sms };
}
