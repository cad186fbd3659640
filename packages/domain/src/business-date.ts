/** Tanzania keeps East Africa Time, UTC+3, all year: it has no daylight saving. */
export const EAST_AFRICA_OFFSET_MS = 3 * 3_600_000;

/** The union's calendar day ("2026-11-30") of a moment: a timestamp, an ISO text or milliseconds. */
export function dateInTanzania(at: number | string | Date): string {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + EAST_AFRICA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The union's calendar day now: the date its staff would write on paper, whatever time zone the
 * server or the browser runs in. Between midnight and 03:00 in Dar es Salaam the UTC date is still
 * yesterday's, so every business "today" comes from here.
 */
export function todayInTanzania(now: number = Date.now()): string {
  return dateInTanzania(now);
}

/** The union's calendar year at `now`, the year in its document numbers ("DN-2027-…" from 21:00 UTC on 31 December). */
export function yearInTanzania(now: number = Date.now()): number {
  return Number(todayInTanzania(now).slice(0, 4));
}
