import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const wrongHost = () =>
  new AppError(
    421,
    "unknown-host",
    "This server does not answer to this host name. Open it at its own address (see PUBLIC_ORIGIN and ALLOWED_HOSTS).",
  );

/**
 * Whether the request's Host names this server. With PUBLIC_ORIGIN set nothing reads Host, so any
 * passes; otherwise only the allowed names do (localhost, plus ALLOWED_HOSTS), so a DNS-rebound
 * name never becomes the origin the CSRF and chat checks compare with or the Google redirect_uri.
 * A request without Host (HTTP/1.0) has no name to trust and gets no origin from it.
 */
export function hasAllowedHost(request: FastifyRequest): boolean {
  const allowed = request.server.config.allowedHosts;
  if (!allowed) return true;
  const hostname = request.hostname.toLowerCase();
  return hostname === "" || allowed.includes(hostname);
}

/** The app's own origin: PUBLIC_ORIGIN behind a proxy, else the origin the request was sent to. */
export function ownOrigin(request: FastifyRequest): string {
  const { publicOrigin } = request.server.config;
  if (publicOrigin) return publicOrigin;
  if (!hasAllowedHost(request)) throw wrongHost();
  return `${request.protocol}://${request.host}`;
}

/** Refuses, before anything reads it, a request whose Host is not one of this server's names. */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!hasAllowedHost(request)) throw wrongHost();
  });
}

/**
 * Whether cookies set for this request must be Secure (and may take the __Host- prefix): always in
 * production, else when the request came over HTTPS.
 */
export function isSecureRequest(request: FastifyRequest): boolean {
  return request.server.config.nodeEnv === "production" || request.protocol === "https";
}
