import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

let cached: { file: string; mtimeMs: number; html: string } | undefined;

/** index.html as built, read again only when a rebuild changed it. */
async function indexHtml(webDist: string): Promise<string> {
  const file = path.join(webDist, 'index.html');
  const { mtimeMs } = await stat(file);
  if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
    cached = { file, mtimeMs, html: await readFile(file, 'utf8') };
  }
  return cached.html;
}

/**
 * Sends the web app's page with this response's style nonce in a `csp-nonce` meta tag: the
 * Content-Security-Policy admits only <style> elements carrying it, and the app gives it to
 * Mantine (getStyleNonce). The page is never cached, so a nonce is never reused.
 */
export async function sendIndexHtml(reply: FastifyReply, webDist: string): Promise<FastifyReply> {
  const nonce = (reply as FastifyReply & { cspNonce?: { style?: string } }).cspNonce?.style ?? '';
  const html = (await indexHtml(webDist)).replace(
    '<head>',
    `<head>\n    <meta name="csp-nonce" content="${nonce}" />`,
  );
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache, no-store').send(html);
}
