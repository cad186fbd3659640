import { existsSync, readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BUYING_POST_PATH } from '@ushirika/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const PAGES = new Set(['/index.html', '/device.html']);

/** The built pages: the office app, and the installed buying-post app's own (#29). */
export type WebPage = 'index.html' | 'device.html';

const cached = new Map<string, { mtimeMs: number; html: string }>();

/** A built page as it is, read again only when a rebuild changed it. */
async function pageHtml(webDist: string, page: WebPage): Promise<string> {
  const file = path.join(webDist, page);
  const { mtimeMs } = await stat(file);
  const known = cached.get(file);
  if (known?.mtimeMs === mtimeMs) return known.html;
  const html = await readFile(file, 'utf8');
  cached.set(file, { mtimeMs, html });
  return html;
}

/**
 * Sends a page of the web app with this response's style nonce in a `csp-nonce` meta tag: the
 * Content-Security-Policy admits only <style> elements carrying it, and the app gives it to
 * Mantine (getStyleNonce). The page is never cached, so a nonce is never reused.
 */
export async function sendWebPage(
  reply: FastifyReply,
  webDist: string,
  page: WebPage = 'index.html',
): Promise<FastifyReply> {
  const nonce = (reply as FastifyReply & { cspNonce?: { style?: string } }).cspNonce?.style ?? '';
  const html = (await pageHtml(webDist, page)).replace(
    '<head>',
    `<head>\n    <meta name="csp-nonce" content="${nonce}" />`,
  );
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache, no-store').send(html);
}

/** Makes the installed app's manifest from the built one (the union's name over the build's). */
export type ManifestOf = (built: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * The web app manifest: the built file with what `manifest` puts over it, never cached for long
 * (the service worker does not precache it either), so a renamed union reaches the next install.
 */
async function sendManifest(
  reply: FastifyReply,
  webDist: string,
  manifest: ManifestOf,
): Promise<FastifyReply> {
  const built = JSON.parse(await readFile(path.join(webDist, 'manifest.webmanifest'), 'utf8')) as Record<
    string,
    unknown
  >;
  return reply
    .type('application/manifest+json; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(JSON.stringify(await manifest(built)));
}

/**
 * A page opened before a rebuild still asks for its own build's lazy chunks: Vite names them by
 * their content, so one found in a build kept beside the current one (scripts/build.mjs keeps the
 * previous) is the right file.
 */
function keptBuildWith(webDist: string, urlPath: string): string | undefined {
  if (!/^\/assets\/[\w.-]+$/.test(urlPath)) return undefined;
  const builds = path.join(path.dirname(webDist), 'builds');
  if (!existsSync(builds)) return undefined;
  return readdirSync(builds)
    .filter((entry) => !entry.includes('.partial-'))
    .map((entry) => path.join(builds, entry))
    .find((folder) => existsSync(path.join(folder, urlPath)));
}

/**
 * The web app's files from `webDist` (a symlink scripts/build.mjs switches in one rename when a
 * build is complete, so a rebuild while the server runs never shows a half-written folder),
 * device.html at the installed app's start address, and index.html for every other non-API GET
 * (the app routes in the browser). Unknown API addresses and missing files answer 404 in the app's
 * error shape.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  enabled = true,
  manifest?: ManifestOf,
): Promise<void> {
  const serveWeb = enabled && existsSync(path.join(webDist, 'index.html'));
  // Wildcard serving finds files built after start (a rebuild while running); misses fall to index.html.
  // A page is never served as a plain file: sendWebPage adds the response's CSP style nonce.
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      allowedPath: (pathName) => !PAGES.has(pathName),
    });
    app.get('/', (_request, reply) => sendWebPage(reply, webDist));
    // The installed app's start page: its own page when the build has one (older builds: the office's).
    app.get(BUYING_POST_PATH, (_request, reply) =>
      sendWebPage(
        reply,
        webDist,
        existsSync(path.join(webDist, 'device.html')) ? 'device.html' : 'index.html',
      ),
    );
    if (manifest)
      app.get('/manifest.webmanifest', (_request, reply) => sendManifest(reply, webDist, manifest));
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(urlPath);
    if (serveWeb && request.method === 'GET' && !urlPath.startsWith('/api') && !isFile) {
      return sendWebPage(reply, webDist);
    }
    const kept = serveWeb && request.method === 'GET' ? keptBuildWith(webDist, urlPath) : undefined;
    if (kept) return reply.sendFile(urlPath.slice(1), kept);
    return notFoundReply(request, reply);
  });
}

/** The app's 404 for an address no route answers. */
export function notFoundReply(request: FastifyRequest, reply: FastifyReply) {
  const urlPath = request.url.split('?')[0] ?? '';
  return reply.code(404).send({ message: `Not found: ${request.method} ${urlPath}` });
}
