import { maskMobile } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../platform/errors.ts';
import { currentLanguage } from '../../platform/labels.ts';
import { decoyHash, verifyPassword } from '../../platform/passwords.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { type SmsLog, sendQuietly } from '../../platform/sms.ts';
import { STAFF_SMS, smsText } from '../../platform/sms-texts.ts';
import { findUserByEmail, getSessionUser } from '../users/queries.ts';
import { users } from '../users/schema.ts';
import { consumeCode, issueCode } from './codes.ts';
import { startSession } from './sessions.ts';

type Ctx = { deps: AppDeps; ip: string; log: SmsLog };

export async function limitAttempts({ deps, ip }: Ctx, action: string, account: string) {
  const { perIp, perAccount, windowSeconds } = deps.config.rateLimit;
  await consumeRateLimit(deps.db, `${action}:ip:${ip}`, perIp, windowSeconds);
  await consumeRateLimit(deps.db, `${action}:account:${account}`, perAccount, windowSeconds);
}

/** The code in the language of the screen the user signs in from (the request's). */
const otpText = (code: string) => smsText(STAFF_SMS.signInCode[currentLanguage()], { code });

/** Step one: email and password. Answers a short-lived token good only for verify-otp and resend-otp. */
export async function login(ctx: Ctx, body: { email: string; password: string }) {
  const { db, tokens, sms, config } = ctx.deps;
  await limitAttempts(ctx, 'login', body.email);
  const user = await findUserByEmail(db, body.email);
  // Spend the same time whether or not the account exists.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
  if (!user || !passwordOk) throw new UnauthorizedError('The email or password is wrong');
  if (!user.active) throw new ForbiddenError('This account is deactivated. Ask your administrator.');
  const code = await db.transaction((tx) => issueCode(tx, tokens, user.id, 'otp'));
  await sendQuietly(sms, ctx.log, user.mobile, otpText(code));
  return {
    message: 'A sign-in code was sent to your phone',
    access_token: await tokens.signPending(user.id),
    user: { mobile: maskMobile(user.mobile) },
    ...(config.otpEcho ? { otp: code } : {}),
  };
}

async function pendingUser(deps: AppDeps, accessToken: string) {
  const claims = await deps.tokens.verifyPending(accessToken);
  if (!claims) throw new UnauthorizedError('Your sign-in has expired. Please sign in again.');
  const [user] = await deps.db.select().from(users).where(eq(users.id, claims.sub));
  if (!user) throw new UnauthorizedError('Your sign-in has expired. Please sign in again.');
  if (!user.active) throw new ForbiddenError('This account is deactivated. Ask your administrator.');
  return user;
}

export async function resendOtp(ctx: Ctx, body: { email: string; accessToken: string }) {
  const { db, tokens, sms, config } = ctx.deps;
  const user = await pendingUser(ctx.deps, body.accessToken);
  if (user.email !== body.email)
    throw new ValidationError('This email does not match the sign-in in progress');
  await limitAttempts(ctx, 'resend-otp', user.id);
  const code = await db.transaction((tx) => issueCode(tx, tokens, user.id, 'otp'));
  await sendQuietly(sms, ctx.log, user.mobile, otpText(code));
  return { message: 'OPT resend successfully', ...(config.otpEcho ? { otp: code } : {}) };
}

/** Step two: the code from the SMS. Starts a session and answers the token pair and the user. */
export async function verifyOtp(ctx: Ctx, body: { otp: string; accessToken: string }) {
  const { db, tokens } = ctx.deps;
  const user = await pendingUser(ctx.deps, body.accessToken);
  await limitAttempts(ctx, 'verify-otp', user.id);
  await consumeCode(db, tokens, user.id, 'otp', body.otp);
  const pair = await db.transaction(async (tx) => {
    const started = await startSession(tx, tokens, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'signed_in', entity: 'user', entityId: user.id });
    return started;
  });
  return {
    message: 'Signed in successfully',
    access_token: pair.access,
    refresh_token: pair.refresh,
    user: await getSessionUser(db, user.id),
  };
}
