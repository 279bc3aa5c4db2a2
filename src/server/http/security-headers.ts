import type { FastifyInstance } from "fastify";

/**
 * Scripts only from our own origin (the Vite build has no inline script); inline styles are allowed
 * because the toast library injects its stylesheet at run time. Profile photos may come from the
 * identity provider (https) or be data: URLs; the map's tiles from MAP_TILE_URL.
 */
function contentSecurityPolicy(mapTileUrl: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${tileOrigin(mapTileUrl)}`,
    "connect-src 'self'",
    "font-src 'self'",
    // The service worker (/sw.js) and the web app manifest (issue 31): ours, from our origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The map's tiles (MAP_TILE_URL, issue 33) are https, which img-src allows already, or on this
 * machine over http (development, the browser journeys): then that origin alone is added.
 */
function tileOrigin(mapTileUrl: string): string {
  const url = new URL(mapTileUrl.replaceAll(/\{[a-z]\}/g, "0"));
  return url.protocol === "http:" ? ` ${url.origin}` : "";
}

/** Security headers on every answer, HSTS only when the request came over HTTPS. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const CONTENT_SECURITY_POLICY = contentSecurityPolicy(app.config.map.tileUrl);
  app.addHook("onSend", async (request, reply) => {
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("X-Frame-Options", "DENY");
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  });
}
