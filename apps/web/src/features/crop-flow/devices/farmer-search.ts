import type { PackFarmer } from '@ushirika/contracts';

/** A farmer's name as the receipt writes it. */
export const packFarmerName = (f: PackFarmer) =>
  [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' ');

/**
 * The device's own farmer search (no network): by number (its start, or the digits after the
 * society's code), name or phone; an exact number first. At most `limit` matches.
 */
export function searchFarmers(farmers: readonly PackFarmer[], text: string, limit = 6): PackFarmer[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const exact = farmers.find((f) => f.farmerNo.toLowerCase() === q);
  if (exact) return [exact];
  const digits = q.replace(/\D/g, '');
  const found: PackFarmer[] = [];
  for (const f of farmers) {
    const no = f.farmerNo.toLowerCase();
    const hit =
      no.startsWith(q) ||
      (digits.length >= 3 && (no.endsWith(digits) || (f.phone ?? '').replace(/\D/g, '').endsWith(digits))) ||
      packFarmerName(f).toLowerCase().includes(q);
    if (hit) found.push(f);
    if (found.length >= limit) break;
  }
  return found;
}
