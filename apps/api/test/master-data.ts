import { randomInt, randomUUID } from 'node:crypto';
import type { TestApp } from './harness.ts';

/** Short unique suffix for names and codes, so test files run in parallel without clashes. */
export const uniq = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();

export type Listed<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };

/** POSTs a file as multipart/form-data the way the web app uploads it. */
export async function upload<T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  file: { name: string; type: string; bytes: Uint8Array | string },
  token: string,
  field = 'file',
): Promise<{ status: number; body: T }> {
  const form = new FormData();
  form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${t.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A valid-looking 20-digit NIDA number, unique per call. */
export function nida(): string {
  return `19${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
}

export function phone(): string {
  return `2557${Array.from({ length: 8 }, () => randomInt(10)).join('')}`;
}
