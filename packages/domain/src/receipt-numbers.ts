import { dec } from './money.ts';

/**
 * Receipt numbers a weighing device gives without a network (#29): `MKW01-D03-2026-000123`, the
 * society's code, the device's code, the season's year and a running number from the blocks the
 * server gave that device for that season. The device code makes two devices' numbers differ; the
 * blocks make sure a device only uses numbers the server issued, each once.
 */
export interface NumberBlock {
  firstNo: number;
  lastNo: number;
}

export function formatReceiptNo(amcosCode: string, deviceCode: string, year: number, n: number): string {
  return `${amcosCode}-${deviceCode}-${year}-${String(n).padStart(6, '0')}`;
}

/** The parts of a device's receipt number, or null when it is not one. */
export function parseReceiptNo(receiptNo: string): { prefix: string; year: number; n: number } | null {
  const match = /^(.+)-(\d{4})-(\d{6,})$/.exec(receiptNo);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { prefix: match[1], year: Number(match[2]), n: Number(match[3]) };
}

/** Whether `n` lies in one of the blocks. */
export const isIssued = (blocks: readonly NumberBlock[], n: number): boolean =>
  blocks.some((b) => n >= b.firstNo && n <= b.lastNo);

/** The first issued number at or after `next`, or null when the blocks are used up. */
export function firstFreeNumber(blocks: readonly NumberBlock[], next: number): number | null {
  const ahead = blocks
    .filter((b) => b.lastNo >= next)
    .map((b) => Math.max(b.firstNo, next))
    .sort((a, b) => a - b);
  return ahead[0] ?? null;
}

/** How many issued numbers are left at or after `next`. */
export function numbersLeft(blocks: readonly NumberBlock[], next: number): number {
  return blocks.reduce((left, b) => left + Math.max(0, b.lastNo - Math.max(b.firstNo, next) + 1), 0);
}

/** The next block after the ones given: it starts where the highest one ended. */
export function nextBlock(blocks: readonly NumberBlock[], size: number): NumberBlock {
  const last = blocks.reduce((max, b) => Math.max(max, b.lastNo), 0);
  return { firstNo: last + 1, lastNo: last + size };
}

/** The weighing figures of a receipt made offline, as the server checks them against today's rules. */
export interface OfflineWeighing {
  bags: number;
  grossKg: string;
  tareKg: string;
  netKg: string;
  moisture: string;
}

/** A society's weighing limits (null: none). */
export interface WeighingLimitValues {
  maxKgPerBag: string | null;
  maxNetKg: string | null;
}

/** The net the device showed is gross − tare, to the gram. */
export const netAddsUp = (w: OfflineWeighing): boolean => dec(w.grossKg).minus(w.tareKg).eq(w.netKg);

/** Whether the weighing is within the society's limits: kg per bag and kg per receipt. */
export function withinLimits(w: OfflineWeighing, limits: WeighingLimitValues): boolean {
  if (limits.maxNetKg !== null && dec(w.netKg).gt(limits.maxNetKg)) return false;
  if (limits.maxKgPerBag !== null && dec(w.netKg).gt(dec(limits.maxKgPerBag).times(w.bags))) return false;
  return true;
}
