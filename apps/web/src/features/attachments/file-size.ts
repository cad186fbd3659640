import { formatNumber } from '../../lib/format.ts';

const MB = 1024 * 1024;

/** "850 kB", "2.4 MB", "10 MB": a file's size as a person reads it, in the user's number format. */
export function fileSize(bytes: number): string {
  if (bytes < MB) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${formatNumber(bytes / MB, bytes % MB === 0 ? 0 : 1)} MB`;
}
