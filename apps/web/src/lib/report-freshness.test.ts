import { describe, expect, it } from 'vitest';
import { readReportHeaders } from './report-freshness.ts';

describe('readReportHeaders (#34)', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it('reads the replica and its lag, rounded to whole seconds', () => {
    expect(
      readReportHeaders(headers({ 'x-report-source': 'replica', 'x-report-lag-seconds': '2.6' })),
    ).toEqual({
      source: 'replica',
      lagSeconds: 3,
    });
    expect(readReportHeaders(headers({ 'x-report-source': 'replica' }))).toEqual({
      source: 'replica',
      lagSeconds: 0,
    });
  });
  it('reads a fallback to the main database, behind or unavailable', () => {
    expect(
      readReportHeaders(
        headers({
          'x-report-source': 'primary',
          'x-report-fallback': 'behind',
          'x-report-lag-seconds': '45',
        }),
      ),
    ).toEqual({ source: 'primary', fallback: 'behind' });
    expect(
      readReportHeaders(headers({ 'x-report-source': 'primary', 'x-report-fallback': 'unavailable' })),
    ).toEqual({ source: 'primary', fallback: 'unavailable' });
  });
  it('without a replica (no header) there is nothing to show', () => {
    expect(readReportHeaders(headers({}))).toBeNull();
  });
});
