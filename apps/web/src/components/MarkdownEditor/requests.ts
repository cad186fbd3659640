import { EDITOR, type EditorErrorKey } from '@ushirika/contracts';
import { apiResponse } from '../../lib/api.ts';
import { getAccessToken } from '../../lib/session.ts';

/**
 * The editor's own requests. They do not go through `api` directly: a network error or a refused
 * upload must stay in the editor's status bar (SPEC §8), not open an error screen. Only a 401 goes
 * through `apiResponse`, which refreshes the token once and retries.
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  const token = getAccessToken();
  const response = await fetch(`/api/${path}`, {
    ...init,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (response.status !== 401) return response;
  const body = init.body;
  return apiResponse(path, {
    method: (init.method as 'GET' | 'POST' | undefined) ?? 'GET',
    ...(body instanceof FormData ? { body } : {}),
    silent: true,
  });
}

/** An editor image (signed-in users only), or null when it cannot be read. */
export async function loadEditorImage(path: string): Promise<Blob | null> {
  try {
    const response = await send(path.replace(/^\/api\//, ''), { method: 'GET' });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

export type UploadOutcome = { url: string } | { error: EditorErrorKey };

/**
 * SPEC §7: multipart POST with the file in field `image`; `data.filePath` on 200 is success, else
 * the reply's `error` key; a reply that is not JSON or a network error is the generic error.
 */
export async function uploadEditorImage(file: File): Promise<UploadOutcome> {
  if (file.size > EDITOR.imageMaxBytes) return { error: 'fileTooLarge' };
  const form = new FormData();
  form.append(EDITOR.imageField, file);
  let reply: unknown;
  let status: number;
  try {
    const response = await send('editor/images', { method: 'POST', body: form });
    status = response.status;
    reply = await response.json();
  } catch (error) {
    // apiResponse throws an ApiError carrying the refused reply's body.
    const body = (error as { body?: unknown }).body;
    const key = (body as { error?: unknown } | undefined)?.error;
    return { error: isErrorKey(key) ? key : 'importError' };
  }
  const data = (reply as { data?: { filePath?: unknown } } | null)?.data;
  if (status === 200 && typeof data?.filePath === 'string') return { url: `/${data.filePath}` };
  const key = (reply as { error?: unknown } | null)?.error;
  return { error: isErrorKey(key) ? key : 'importError' };
}

const isErrorKey = (key: unknown): key is EditorErrorKey =>
  key === 'noFileGiven' || key === 'typeNotAllowed' || key === 'fileTooLarge' || key === 'importError';
