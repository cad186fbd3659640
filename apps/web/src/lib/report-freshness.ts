import { useSyncExternalStore } from 'react';

/**
 * How fresh a report is (#34): with a report replica the API answers every report with
 * `X-Report-Source` (replica | primary), `X-Report-Lag-Seconds` and, on the primary,
 * `X-Report-Fallback` (behind | unavailable). Without a replica there are no such headers and
 * nothing is kept or shown.
 */
export type ReportFreshness =
  | { source: 'replica'; lagSeconds: number }
  | { source: 'primary'; fallback: 'behind' | 'unavailable' };

export function readReportHeaders(headers: Headers): ReportFreshness | null {
  const source = headers.get('x-report-source');
  if (source === 'replica') {
    const lag = Number(headers.get('x-report-lag-seconds') ?? '0');
    return { source, lagSeconds: Number.isFinite(lag) ? Math.max(0, Math.round(lag)) : 0 };
  }
  if (source === 'primary') {
    return {
      source,
      fallback: headers.get('x-report-fallback') === 'behind' ? 'behind' : 'unavailable',
    };
  }
  return null;
}

const seen = new Map<string, ReportFreshness>();
const listeners = new Set<() => void>();

/** Called by the HTTP client for each successful reply: keeps the report's freshness by its path. */
export function noteReportReply(path: string, headers: Headers): void {
  const freshness = readReportHeaders(headers);
  if (!freshness) return;
  seen.set(path.replace(/^\/+/, ''), freshness);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The freshness of the last reply to `path` (e.g. 'reports/trial-balance'), if it said one. */
export function useReportFreshness(path: string): ReportFreshness | undefined {
  const key = path.replace(/^\/+/, '');
  return useSyncExternalStore(subscribe, () => seen.get(key));
}
