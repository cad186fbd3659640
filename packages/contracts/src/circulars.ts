import { z } from 'zod';
import { listQuery, paged, queryBoolean, uuid } from './common.ts';
import { requiredText } from './fields.ts';

/** Longest circular body (markdown): a few printed pages. */
export const CIRCULAR_BODY_MAX = 20_000;

/**
 * A circular from the union to its AMCOS (#18): written in the markdown editor, published to all
 * AMCOS or to chosen ones, shown on an AMCOS dashboard until read, with a read receipt per AMCOS user.
 */
export const circularAudience = z.enum(['all', 'chosen']);
export type CircularAudience = z.infer<typeof circularAudience>;

export const publishCircularBody = z
  .object({
    title: requiredText('Enter the title', 150),
    body: z
      .string()
      .trim()
      .min(1, 'Write the circular')
      .max(CIRCULAR_BODY_MAX, `At most ${CIRCULAR_BODY_MAX} characters`),
    audience: circularAudience,
    /** The chosen AMCOS when the audience is `chosen`. */
    amcosIds: z.array(uuid).max(1000).default([]),
    /** Also send an SMS notice to the managers of the AMCOS it goes to. */
    smsNotice: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'chosen' && v.amcosIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['amcosIds'], message: 'Choose at least one AMCOS' });
    }
  });
export type PublishCircularBody = z.infer<typeof publishCircularBody>;

export const circular = z.object({
  id: uuid,
  title: z.string(),
  body: z.string(),
  audience: circularAudience,
  smsNotice: z.boolean(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** AMCOS it was sent to. */
  recipientCount: z.number(),
  /** Union view: AMCOS users who confirmed reading, and all AMCOS users it reached. */
  readCount: z.number(),
  readerCount: z.number(),
  /** AMCOS view: when the signed-in user confirmed reading it (null: not yet). */
  readAt: z.string().nullable(),
});
export type Circular = z.infer<typeof circular>;

export const circularListQuery = listQuery.extend({
  /** AMCOS users: only the circulars they have not confirmed reading (the dashboard). */
  unread: queryBoolean.optional(),
});
export const circularList = paged(circular.omit({ body: true }));
export const circularReply = z.object({ data: circular });
export const circularSavedReply = z.object({ message: z.string(), data: circular });

/** One AMCOS user's receipt of a circular, or the lack of one. */
export const circularReader = z.object({
  amcosId: uuid,
  amcosName: z.string(),
  userId: uuid,
  userName: z.string(),
  readAt: z.string().nullable(),
});
export type CircularReader = z.infer<typeof circularReader>;
export const circularReadersQuery = z.object({ status: z.enum(['all', 'read', 'unread']).default('all') });
export const circularReadersReply = z.object({
  data: z.array(circularReader),
  /** AMCOS it went to where no user has read it yet. */
  amcosNotRead: z.array(z.object({ amcosId: uuid, amcosName: z.string() })),
});
