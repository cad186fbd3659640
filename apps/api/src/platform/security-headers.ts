import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The map tiles behind farm points and boundaries (apps/web/src/components/FarmMap.tsx). */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';

/**
 * Security headers on every answer (page, API, error, download), by @fastify/helmet:
 * - Content-Security-Policy: scripts and styles from the app's own origin only. The built web app
 *   has no inline script; Mantine writes its CSS variables and responsive styles into <style>
 *   elements, which carry the per-response nonce that index.html hands the app (`csp-nonce`
 *   meta, read by MantineProvider's getStyleNonce). Images: self, data: URLs and the map tiles.
 *   No framing (frame-ancestors 'none'), no plugins, forms and <base> to self only.
 * - X-Content-Type-Options nosniff, X-Frame-Options DENY (older browsers), Referrer-Policy
 *   same-origin, Cross-Origin-Opener/Resource-Policy same-origin.
 * - Strict-Transport-Security only with HSTS=true: sent over plain HTTP it would be ignored at best,
 *   and it would lock out a LAN install reached by http:// if a proxy ever served it once.
 * Fastify sends no X-Powered-By or version header.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}
