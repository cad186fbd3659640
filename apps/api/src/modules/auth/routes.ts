import {
  changePasswordBody,
  forgotPasswordBody,
  forgotPasswordReply,
  loginBody,
  loginReply,
  logoutBody,
  messageReply,
  refreshBody,
  refreshReply,
  resendCodeBody,
  resendOtpBody,
  resendOtpReply,
  resetPasswordBody,
  sessionUser,
  unlockBody,
  updateProfileBody,
  verifyOtpBody,
  verifyOtpReply,
} from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { getSessionUser } from '../users/queries.ts';
import { changePassword, resetPassword, sendResetCode, unlock } from './passwords.ts';
import { revokeSession, rotateRefreshToken } from './sessions.ts';
import { login, resendOtp, verifyOtp } from './sign-in.ts';
import { updateProfile } from './update-profile.ts';

const open = { access: 'public' } as const;
const signedIn = { access: 'signed-in' } as const;
/** What a user still on the initial password may call: the change itself, who am I, unlock, sign out. */
const beforeChange = { access: 'signed-in', beforePasswordChange: true } as const;
const tags = ['auth'];

export function authRoutes(app: ZodApp, deps: AppDeps) {
  const ctx = (request: FastifyRequest) => ({ deps, ip: request.ip, log: request.log });

  app.post(
    '/auth/login',
    { config: open, schema: { tags, body: loginBody, response: { 200: loginReply } } },
    (req) => login(ctx(req), req.body),
  );
  app.post(
    '/auth/verify-otp',
    { config: open, schema: { tags, body: verifyOtpBody, response: { 200: verifyOtpReply } } },
    (req) => verifyOtp(ctx(req), req.body),
  );
  app.post(
    '/auth/resend-otp',
    { config: open, schema: { tags, body: resendOtpBody, response: { 200: resendOtpReply } } },
    (req) => resendOtp(ctx(req), req.body),
  );
  app.post(
    '/auth/refresh-token',
    { config: open, schema: { tags, body: refreshBody, response: { 200: refreshReply } } },
    async (req) => {
      const pair = await rotateRefreshToken(deps.db, deps.tokens, req.body.refresh);
      return { access: pair.access, refresh_token: pair.refresh };
    },
  );
  for (const path of ['/auth/forgot-password', '/auth/resend-code']) {
    app.post(
      path,
      {
        config: open,
        schema: {
          tags,
          body: path.endsWith('code') ? resendCodeBody : forgotPasswordBody,
          response: { 200: forgotPasswordReply },
        },
      },
      (req) => sendResetCode(ctx(req), req.body),
    );
  }
  app.post(
    '/auth/reset-password',
    { config: open, schema: { tags, body: resetPasswordBody, response: { 200: messageReply } } },
    (req) => resetPassword(ctx(req), req.body),
  );
  app.post(
    '/auth/change-password',
    { config: beforeChange, schema: { tags, body: changePasswordBody, response: { 200: messageReply } } },
    (req) => changePassword(ctx(req), actorOf(req), req.body),
  );
  app.post(
    '/auth/logout',
    { config: beforeChange, schema: { tags, body: logoutBody.optional(), response: { 200: messageReply } } },
    async (req) => {
      await revokeSession(deps.db, actorOf(req).sessionId, 'signed out');
      return { message: 'Signed out' };
    },
  );
  app.get(
    '/auth/me',
    { config: beforeChange, schema: { tags, response: { 200: z.object({ data: sessionUser }) } } },
    async (req) => ({
      data: await getSessionUser(deps.db, actorOf(req).userId),
    }),
  );
  app.patch(
    '/auth/profile',
    {
      config: signedIn,
      schema: {
        tags,
        body: updateProfileBody,
        response: { 200: z.object({ message: z.string(), data: sessionUser }) },
      },
    },
    async (req) => ({
      message: 'Profile updated successfully',
      data: await updateProfile(deps.db, actorOf(req), req.body),
    }),
  );
  app.post(
    '/auth/unlock',
    { config: beforeChange, schema: { tags, body: unlockBody, response: { 200: messageReply } } },
    (req) => unlock(ctx(req), actorOf(req), req.body),
  );
}
