import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Field shapes shared by the master-data contracts. Decimals travel as strings with a fixed number
 * of places at most (money 2, kg 3, rates 6); never JS numbers.
 */
export function decimalField(places: number, label = 'a number') {
  const pattern = new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`);
  return z
    .string()
    .trim()
    .regex(pattern, `Enter ${label} with at most ${places} decimals, e.g. 1250${places > 0 ? '.5' : ''}`);
}

export const amountField = decimalField(2, 'an amount');
export const kgField = decimalField(3, 'a weight in kg');
export const rateField = decimalField(6, 'a rate');
export const acresField = decimalField(2, 'the size in acres');

/** Optional free text: trimmed, an empty string becomes null. */
export function optionalText(max = 120) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const requiredText = (message: string, max = 120) =>
  z.string().trim().min(1, message).max(max, `At most ${max} characters`);

export const optionalEmail = z
  .union([z.literal(''), z.email('Enter a valid email address').trim().toLowerCase()])
  .nullish()
  .transform((v) => (v ? v : null));

export const optionalPhone = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\+?\d{9,15})?$/, 'Enter a phone number of 9 to 15 digits, e.g. 255712345678'))
  .nullish()
  .transform((v) => (v ? normalisePhone(v) : null));

/** A TIN: 9 digits, typed with or without dashes (123-456-789) and kept without them; empty is none. */
export const optionalTin = z
  .string()
  .trim()
  .regex(/^(\d{3}-?\d{3}-?\d{3})?$/, 'A TIN has 9 digits, e.g. 123-456-789')
  .nullish()
  .transform((v) => (v ? v.replace(/-/g, '') : null));

/** Where a party is paid: a bank and an account number (letters, digits and dashes), both optional. */
export const bankAccountFields = {
  bankId: uuid.nullish().transform((v) => v ?? null),
  accountNo: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{0,30}$/, 'An account number has letters, digits and dashes only')
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** Stored as digits with the country code: `0754 123456` and `+255754123456` are both 255754123456. */
export function normalisePhone(phone: string): string {
  return phone.replace(/^\+/, '').replace(/^0(\d{9})$/, '255$1');
}

export const isoDate = z.iso.date('Enter a date as YYYY-MM-DD');

/** Tanzania's bounding box, with a margin: catches latitude and longitude typed the wrong way round. */
export const TANZANIA_BOUNDS = { south: -12.5, north: -0.5, west: 29, east: 41 } as const;
const outside = 'The point is outside Tanzania: check that latitude and longitude are not swapped';

export const latitude = z
  .number('Enter the latitude')
  .min(TANZANIA_BOUNDS.south, outside)
  .max(TANZANIA_BOUNDS.north, outside);
export const longitude = z
  .number('Enter the longitude')
  .min(TANZANIA_BOUNDS.west, outside)
  .max(TANZANIA_BOUNDS.east, outside);

/** A GPS point in decimal degrees (WGS 84). */
export const geoPoint = z.object({ lat: latitude, lng: longitude });
export type GeoPoint = z.infer<typeof geoPoint>;

/** GeoJSON position order: [longitude, latitude]. */
const position = z.tuple([longitude, latitude]);

/**
 * A farm boundary, GeoJSON-like: `{type: 'Polygon', coordinates: [[[lng, lat], ...]]}` with one
 * closed outer ring of at least 3 distinct corners (first point repeated last).
 */
export const geoPolygon = z
  .object({
    type: z.literal('Polygon', 'The boundary must be a GeoJSON Polygon'),
    coordinates: z.array(z.array(position).max(500, 'At most 500 corners')).length(1, 'Give one outer ring'),
  })
  .superRefine((polygon, ctx) => {
    const ring = polygon.coordinates[0] ?? [];
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (ring.length < 4) {
      ctx.addIssue({
        code: 'custom',
        message: 'A boundary needs at least 3 corners and the first point again',
      });
    } else if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
      ctx.addIssue({ code: 'custom', message: 'Close the boundary: the last point must repeat the first' });
    }
  });
export type GeoPolygon = z.infer<typeof geoPolygon>;

export const recordStatus = z.enum(['active', 'inactive']);

/** `{message, data}`: what a create or update answers. */
export const savedReply = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
/** A saved reply that may carry a warning the screen shows (a payment the bank cannot cover, #37). */
export const savedWarnedReply = <T extends z.ZodType>(item: T) =>
  z.object({ message: z.string(), data: item, warning: z.string().optional() });
/** `{data}`: what a details read answers. */
export const detailReply = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Whether a decimal string (already matched by its field's pattern) is above zero: exact, no floats. */
export const isAboveZero = (value: string): boolean => !value.trim().startsWith('-') && /[1-9]/.test(value);

/** Compares two non-negative decimal strings exactly (no floats): -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const ia = ai.replace(/^0+(?=\d)/, '');
  const ib = bi.replace(/^0+(?=\d)/, '');
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const left = ia + af.padEnd(width, '0');
  const right = ib + bf.padEnd(width, '0');
  return left === right ? 0 : left < right ? -1 : 1;
}
