import { formatNumber } from '../../lib/format.ts';

/** "850 kB", "2.4 MB": a file's size as a person reads it, in the user's number format. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
}
