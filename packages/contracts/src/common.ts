import { z } from 'zod';

/** Money travels as a string with up to 2 decimals ("1234.50"); never a JS number. */
export const money = z.string().regex(/^-?\d{1,15}(\.\d{1,2})?$/, 'Enter an amount with at most 2 decimals');
export const uuid = z.uuid();
/** The `:id` path parameter of every details route. */
export const idParams = z.object({ id: z.uuid('Not a valid id') });

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageReply = z.object({ message: z.string() });

/**
 * The actions that move a record along its life. Each is `PATCH …/{id}/<action>` in every area,
 * the verb SPEC gives its approvals, so an integrator learns one rule (the API refuses to start on
 * a route that breaks it; the web client sends PATCH to these).
 */
export const RECORD_ACTIONS: ReadonlySet<string> = new Set([
  'approve',
  'bulk-approve',
  'reject',
  'cancel',
  'submit',
  'reverse',
  'close',
  'reopen',
  'dispatch',
  'receive',
  'publish',
  'paid',
  'retire',
  'void',
]);

/** Whether a path (`purchase/orders/<id>/approve`, a query string allowed) names a record action. */
export const isRecordAction = (path: string): boolean =>
  RECORD_ACTIONS.has(path.split('?')[0]?.replace(/\/+$/, '').split('/').pop() ?? '');

export const exportFormat = z.enum(['json', 'xlsx', 'csv']);

/**
 * A whole number, sent as a JSON number or as digits (a query string): never coerced from a
 * boolean, an array, null, an empty string or hex/exponent text, as zod's coerce.number() would
 * (`true` became 1, `[5]` 5, `""` 0). The one place number coercion is allowed.
 */
export function wholeNumber({ min, max, message }: { min: number; max: number; message: string }) {
  const number = z.number(message).int(message).min(min, `At least ${min}`).max(max, `At most ${max}`);
  return z.union(
    [
      number,
      z
        .string()
        .trim()
        .regex(/^-?\d{1,15}$/, message)
        .transform(Number)
        .pipe(number),
    ],
    {
      error: message,
    },
  );
}

/** The query every list endpoint accepts: `?page=1&per_page=25&search=&sort=field:asc&format=xlsx`. */
export const listQuery = z.object({
  page: wholeNumber({ min: 1, max: Number.MAX_SAFE_INTEGER, message: 'The page is a whole number' }).default(
    1,
  ),
  per_page: wholeNumber({ min: 1, max: 200, message: 'Rows per page: a whole number up to 200' }).default(25),
  search: z.string().trim().max(100).optional(),
  sort: z
    .string()
    .regex(/^[a-zA-Z_]+:(asc|desc)$/, 'Sort as field:asc or field:desc')
    .optional(),
  format: exportFormat.default('json'),
});
export type ListQuery = z.infer<typeof listQuery>;

export const pageMeta = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  /** Set when the list stopped counting: there are more than `total` matches ("1,000+"). */
  total_capped: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta });
}
export type Paged<T> = { data: T[]; meta: PageMeta };

/** Query-string booleans: "true"/"false" as well as real booleans. */
export const queryBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
