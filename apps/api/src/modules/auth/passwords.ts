import { eq } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError, ValidationError } from '../../platform/errors.ts';
import { currentLanguage } from '../../platform/labels.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { type SmsLog, sendQuietly } from '../../platform/sms.ts';
import { STAFF_SMS, smsText } from '../../platform/sms-texts.ts';
import { findUserByEmail } from '../users/queries.ts';
import { users } from '../users/schema.ts';
import { consumeCode, issueCode } from './codes.ts';
import { revokeAllSessions } from './sessions.ts';
import { limitAttempts } from './sign-in.ts';

type Ctx = { deps: AppDeps; ip: string; log: SmsLog };

/** An unknown or deactivated email is refused like a wrong code: the form tells no one who has an account. */
async function resettableUser(deps: AppDeps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.active) throw fieldError('code', 'This code is no longer valid. Request a new code.');
  return user;
}

export const RESET_CODE_SENT =
  'If an account uses this email, a reset code has been sent to its phone. It expires in 5 minutes.';

/**
 * Sends a password-reset code to the account's phone (forgot-password and resend-code). The answer
 * is the same whether the email has an active account or not, so the form cannot be used to find
 * out who has one; the SMS goes out without being awaited, so the time taken does not tell either.
 * (With OTP_ECHO, development and tests only, the code is echoed for a known account.)
 */
export async function sendResetCode(ctx: Ctx, body: { email: string }) {
  const { db, tokens, sms, config } = ctx.deps;
  await limitAttempts(ctx, 'reset-code', body.email);
  const reply = { message: RESET_CODE_SENT, user: { mobile: '' } };
  const user = await findUserByEmail(db, body.email);
  if (!user?.active) return reply;
  const code = await db.transaction((tx) => issueCode(tx, tokens, user.id, 'reset'));
  void sendQuietly(sms, ctx.log, user.mobile, smsText(STAFF_SMS.resetCode[currentLanguage()], { code }));
  return { ...reply, ...(config.otpEcho ? { code } : {}) };
}

export async function resetPassword(ctx: Ctx, body: { email: string; code: string; password: string }) {
  const { db, tokens } = ctx.deps;
  await limitAttempts(ctx, 'reset-password', body.email);
  const user = await resettableUser(ctx.deps, body.email);
  await consumeCode(db, tokens, user.id, 'reset', body.code);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isInitialPassword: false }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, 'password reset');
    await recordAudit(tx, { actorId: user.id, action: 'password_reset', entity: 'user', entityId: user.id });
  });
  return { message: 'Password resset successful Please login now' };
}

/** Changes the signed-in user's password; other sessions end, this one stays. */
export async function changePassword(
  ctx: Ctx,
  actor: Actor,
  body: { current_password: string; password: string },
) {
  const { db } = ctx.deps;
  await limitAttempts(ctx, 'change-password', actor.userId);
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user || !(await verifyPassword(user.passwordHash, body.current_password))) {
    throw fieldError('current_password', 'The current password is wrong');
  }
  if (await verifyPassword(user.passwordHash, body.password)) {
    throw new ValidationError('The new password must differ from the current one', {
      password: ['The new password must differ from the current one'],
    });
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isInitialPassword: false }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, 'password changed', actor.sessionId);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'password_changed',
      entity: 'user',
      entityId: user.id,
    });
  });
  return { message: 'Password changed successful' };
}

/** Lock screen: the signed-in user types their password to carry on. */
export async function unlock(ctx: Ctx, actor: Actor, body: { password: string }) {
  await limitAttempts(ctx, 'unlock', actor.userId);
  const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user || !(await verifyPassword(user.passwordHash, body.password))) {
    throw fieldError('password', 'The password is wrong');
  }
  return { message: 'Unlocked' };
}
