import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { UnauthorizedError } from '../../platform/errors.ts';
import { randomToken, SESSION_DAYS, type TokenService } from '../../platform/tokens.ts';
import { users } from '../users/schema.ts';
import { refreshTokens, sessions } from './schema.ts';

export type TokenPair = { access: string; refresh: string };

async function issueRefreshToken(tx: DbOrTx, tokens: TokenService, sessionId: string): Promise<string> {
  const token = randomToken();
  await tx.insert(refreshTokens).values({ sessionId, tokenHash: tokens.digest(token) });
  return token;
}

/** Starts a session (a refresh-token family) after a verified OTP. */
export async function startSession(tx: DbOrTx, tokens: TokenService, userId: string): Promise<TokenPair> {
  const [session] = await tx
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
    .returning({ id: sessions.id });
  if (!session) throw new Error('Session insert returned nothing');
  return {
    access: await tokens.signAccess(userId, session.id),
    refresh: await issueRefreshToken(tx, tokens, session.id),
  };
}

const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

/**
 * Exchanges a refresh token for a new pair. A token is good once: presenting a rotated token again
 * means someone else holds a copy, so the whole family is revoked and both holders must sign in.
 */
export async function rotateRefreshToken(
  db: DbOrTx,
  tokens: TokenService,
  presented: string,
): Promise<TokenPair> {
  const [found] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      rotatedAt: refreshTokens.rotatedAt,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      active: users.active,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokens.digest(presented)));
  if (!found || found.revokedAt || !found.active || found.expiresAt.getTime() <= Date.now()) {
    throw new UnauthorizedError(SIGN_IN_AGAIN);
  }
  // Claim the token atomically; losing the claim means it was already used.
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, found.id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeSession(db, found.sessionId, 'refresh token reused');
    throw new UnauthorizedError(SIGN_IN_AGAIN);
  }
  return {
    access: await tokens.signAccess(found.userId, found.sessionId),
    refresh: await issueRefreshToken(db, tokens, found.sessionId),
  };
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, reason: string, except?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except ? sql`${sessions.id} <> ${except}` : undefined,
      ),
    );
}
