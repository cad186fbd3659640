import { todayInTanzania } from '@ushirika/domain';
import { apiResponse, type Query } from './api.ts';

/**
 * Downloads a file from the API with the bearer token (a plain link could not send it):
 * fetch, turn the reply into a blob, and click a temporary object-URL link.
 */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  await saveResponse(await apiResponse(path, { query }), fallbackName);
}

/**
 * Saves an API reply as a file: the name its Content-Disposition gives, else `fallbackName`
 * (for replies that are not a plain GET, e.g. a POSTed export).
 */
export async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  const name = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** "users-2026-11-21.xlsx" */
export function datedFileName(prefix: string, extension: string): string {
  return `${prefix}-${todayInTanzania()}.${extension}`;
}
