import { z } from 'zod';

/**
 * The farmers' USSD service (#31). The aggregator (Africa's Talking and the like) POSTs each step of
 * a session form-encoded: the session, the short code dialled, the caller's number and `text`, every
 * answer of the session so far joined by `*`. The reply is plain text: `CON ` and a screen to
 * continue, `END ` and a screen to finish.
 */
export const ussdStep = z.object({
  sessionId: z.string().trim().min(1, 'sessionId is required').max(100, 'sessionId is too long'),
  serviceCode: z.string().trim().max(40, 'serviceCode is too long').default(''),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?\d{9,15}$/, 'phoneNumber must be 9 to 15 digits'),
  text: z.string().max(400, 'text is too long').default(''),
});
export type UssdStep = z.infer<typeof ussdStep>;

/** The shared secret, when the aggregator cannot send a header: `?key=` on the callback URL. */
export const ussdQuery = z.object({ key: z.string().max(200).optional() });

/** The most characters one USSD screen shows (the network's limit, `CON `/`END ` included). */
export const USSD_SCREEN_LENGTH = 182;

/** A farmer's self-service (USSD) as the AMCOS staff see it: never the PIN or its hash. */
export const farmerUssd = z.object({
  farmerId: z.string(),
  /** none: no PIN issued yet; active: the farmer can sign in; locked: three wrong PINs. */
  status: z.enum(['none', 'active', 'locked']),
  phone: z.string().nullable(),
  failedAttempts: z.number(),
  issuedAt: z.string().nullable(),
  changedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  language: z.enum(['sw', 'en']),
  /** The farmer opted out of optional SMS (an auction's result); their money's SMS still go. */
  smsOptOut: z.boolean(),
});
export type FarmerUssd = z.infer<typeof farmerUssd>;
export const farmerUssdReply = z.object({ data: farmerUssd });

/** Staff set whether a farmer gets optional SMS (#31): `optOut: true` stops them. */
export const farmerSmsOptOutBody = z.object({
  optOut: z.boolean({ error: 'optOut must be true or false' }),
});
export type FarmerSmsOptOutBody = z.infer<typeof farmerSmsOptOutBody>;
