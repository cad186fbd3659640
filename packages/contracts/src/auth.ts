import { z } from 'zod';
import { messageReply } from './common.ts';
import { mobile, sessionUser, userDateFormat, userLanguage } from './users.ts';

// Field names below are binding (SPEC section 7).
const email = z.email('Enter a valid email address').trim().toLowerCase();
const password = z.string().min(8, 'The password must have at least 8 characters').max(128);
const otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const loginBody = z.object({ email, password: z.string().min(1, 'Enter your password') });
export const loginReply = z.object({
  message: z.string(),
  access_token: z.string(),
  user: z.object({ mobile: z.string() }),
  /** Only when the server runs with OTP_ECHO=true (development and tests). */
  otp: z.string().optional(),
});

export const verifyOtpBody = z.object({ otp, accessToken: z.string().min(1) });
export const verifyOtpReply = z.object({
  message: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  user: sessionUser,
});

export const refreshBody = z.object({ refresh: z.string().min(1) });
export const refreshReply = z.object({ access: z.string(), refresh_token: z.string() });

export const resendOtpBody = z.object({ email, accessToken: z.string().min(1) });
export const resendOtpReply = messageReply.extend({ otp: z.string().optional() });

export const forgotPasswordBody = z.object({ email });
export const forgotPasswordReply = z.object({
  message: z.string(),
  user: z.object({ mobile: z.string() }),
  code: z.string().optional(),
});
export const resendCodeBody = forgotPasswordBody;

export const resetPasswordBody = z
  .object({ email, code: otp, password, password_confirmation: z.string() })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The passwords do not match',
    path: ['password_confirmation'],
  });

export const changePasswordBody = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    password,
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The passwords do not match',
    path: ['password_confirmation'],
  })
  .refine((b) => b.password !== b.current_password, {
    message: 'The new password must differ from the current one',
    path: ['password'],
  });

export const logoutBody = z.object({ refresh: z.string().optional() });

export const updateProfileBody = z.object({
  firstName: z.string().trim().min(1).max(80).optional(),
  lastName: z.string().trim().min(1).max(80).optional(),
  mobile: mobile.optional(),
  /** The language the user last chose on a screen: their SMS are written in it (#35). */
  language: userLanguage.optional(),
  /** How the user reads dates in English (#37): screens, PDFs and files follow it. */
  dateFormat: userDateFormat.optional(),
});

/** Lock screen: the signed-in user proves they are still themselves. */
export const unlockBody = z.object({ password: z.string().min(1, 'Enter your password') });

/** Masks a mobile number the way SPEC shows it: digits after the sixth character are shown. */
export function maskMobile(value: string): string {
  return value.length <= 6 ? value : '*'.repeat(6) + value.slice(6);
}
