import { dec } from '@ushirika/domain';
import { i18n } from './i18n.ts';

/** Keys are built from stored units here, so they are checked with i18n.exists, not by type. */
const t = i18n.t.bind(i18n) as unknown as (key: string) => string;

/**
 * A unit of measure as the reader writes it (`units.*`, #35): "bag" reads "mfuko" on Swahili
 * screens, and "mifuko" for a quantity other than one. A unit the dictionary does not know (the
 * union types its own) reads as stored.
 */
export function unitLabel(unit: string, quantity?: string): string {
  const form = quantity !== undefined && !dec(quantity).eq(1) ? 'other' : 'one';
  const key = `units.${unit.trim().toLowerCase()}.${form}`;
  return i18n.exists(key) ? t(key) : unit;
}

/**
 * The units the dictionary knows (`units.*`; units.test.ts holds the two lists together): a form
 * offers them, so they read in both languages.
 */
export const KNOWN_UNITS = [
  'kg',
  'g',
  'tonne',
  'litre',
  'ml',
  'bag',
  'sack',
  'bottle',
  'tin',
  'packet',
  'box',
  'carton',
  'piece',
  'pair',
  'set',
  'roll',
  'trip',
  'hour',
  'day',
  'acre',
] as const;
