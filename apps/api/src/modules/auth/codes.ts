import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { CODE_SECONDS, randomCode, type TokenService } from '../../platform/tokens.ts';
import { authCodes } from './schema.ts';

export const MAX_CODE_ATTEMPTS = 5;
type Purpose = 'otp' | 'reset';

/** Issues a new 6-digit code (stored hashed, 5 minutes) and kills any earlier one of that purpose. */
export async function issueCode(tx: DbOrTx, tokens: TokenService, userId: string, purpose: Purpose) {
  await tx
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)));
  const id = uuidv7();
  const code = randomCode();
  await tx.insert(authCodes).values({
    id,
    userId,
    purpose,
    codeHash: tokens.digest(`${id}:${code}`),
    expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
  });
  return code;
}

/**
 * Checks and uses up a code. Each statement commits on its own: a wrong try must count even
 * though the request fails, and two right tries at once cannot both win (the UPDATE ... WHERE
 * used_at IS NULL lets one through). The fifth wrong try kills the code.
 */
export async function consumeCode(
  db: DbOrTx,
  tokens: TokenService,
  userId: string,
  purpose: Purpose,
  code: string,
): Promise<void> {
  const [live] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  if (!live) throw new ValidationError('This code is no longer valid. Request a new code.');
  if (live.expiresAt.getTime() <= Date.now()) {
    throw new ValidationError('The code has expired. Request a new code.');
  }
  if (tokens.digestMatches(`${live.id}:${code}`, live.codeHash)) {
    const used = await db
      .update(authCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(authCodes.id, live.id), isNull(authCodes.usedAt)))
      .returning({ id: authCodes.id });
    if (used.length === 1) return;
    throw new ValidationError('This code is no longer valid. Request a new code.');
  }
  const [counted] = await db
    .update(authCodes)
    .set({
      attempts: sql`${authCodes.attempts} + 1`,
      usedAt: sql`case when ${authCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(authCodes.id, live.id), isNull(authCodes.usedAt)))
    .returning({ attempts: authCodes.attempts });
  const left = MAX_CODE_ATTEMPTS - (counted?.attempts ?? MAX_CODE_ATTEMPTS);
  if (left <= 0) throw new ValidationError('Too many wrong codes. Request a new code.');
  throw new ValidationError(`The code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
    otp: ['The code is wrong'],
  });
}
