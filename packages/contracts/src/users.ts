import { z } from 'zod';
import { listQuery, queryBoolean, uuid } from './common.ts';

export const gender = z.enum(['Male', 'Female']);
export type Gender = z.infer<typeof gender>;

export const roleRef = z.object({ id: uuid, name: z.string() });

/** The language of the SMS a user gets when not at a screen (welcome, notices): en or sw. */
export const userLanguage = z.enum(['en', 'sw'], 'Choose English (en) or Swahili (sw)');
export type UserLanguage = z.infer<typeof userLanguage>;

/** How a user reads dates in English (#37): mdy, SPEC's default (03/11/2026 is March 11), or dmy. Swahili is always d/m/Y. */
export const userDateFormat = z.enum(['mdy', 'dmy'], 'Choose month/day/year (mdy) or day/month/year (dmy)');
export type UserDateFormat = z.infer<typeof userDateFormat>;

/** A user as the API shows it. amcosId and amcosUuid are the same AMCOS id (null for union users). */
export const user = z.object({
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  gender,
  profile: z.string().nullable(),
  amcosId: uuid.nullable(),
  amcosUuid: uuid.nullable(),
  amcosName: z.string().nullable(),
  isInitialPassword: z.boolean(),
  active: z.boolean(),
  language: userLanguage,
  /** Defaulted: a signed-in user kept by a browser from before the choice existed still reads. */
  dateFormat: userDateFormat.default('mdy'),
  roles: z.array(roleRef),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/** The signed-in user: the user plus the permission strings of all their roles. */
export const sessionUser = user.extend({ permissions: z.array(z.string()) });
export type SessionUser = z.infer<typeof sessionUser>;

const name = z.string().trim().min(1, 'Required').max(80);
export const mobile = z
  .string()
  .trim()
  .regex(/^\+?\d{9,15}$/, 'Enter a mobile number of 9 to 15 digits, e.g. 255712345678');

export const createUserBody = z.object({
  firstName: name,
  lastName: name,
  email: z.email('Enter a valid email address').trim().toLowerCase(),
  mobile,
  gender,
  amcosId: uuid.nullable().default(null),
  roleIds: z.array(uuid).min(1, 'Choose at least one role'),
  /** Left out: the language of the administrator's screen. Kept as the user's last sign-in language. */
  language: userLanguage.optional(),
  /** Left empty, a random initial password is generated and sent by SMS. */
  password: z.string().min(8, 'The password must have at least 8 characters').max(128).optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = createUserBody
  .omit({ password: true })
  .partial()
  .extend({ active: z.boolean().optional() });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userListQuery = listQuery.extend({
  amcos_id: uuid.optional(),
  role_id: uuid.optional(),
  active: queryBoolean.optional(),
  kind: z.enum(['union', 'amcos']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userReply = z.object({ message: z.string(), data: user });
export const userDetailReply = z.object({ data: user });
