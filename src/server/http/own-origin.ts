import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const wrongHost = () =>
  new AppError(
    421,
    "unknown-host",
    "This server does not answer to this host name. Open it at its own address (see PUBLIC_ORIGIN and ALLOWED_HOSTS).",
  );

const malformedHost = () =>
  new AppError(400, "bad-request", "The Host header must be a host name and an optional port.");

/**
 * A Host value as RFC 9110 has it: a DNS name (labels of letters, digits, `-` and `_`, as container
 * names have) or a bracketed IPv6 address, and an optional numeric port. Nothing else: userinfo
 * (`talents.example:443@evil.example`), a path or a second colon would make the origin built from it
 * point elsewhere (issue 28 item 3).
 */
const HOST_FORMAT =
  /^(?<name>[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::(?<port>[0-9]{1,5}))?$/i;

type ParsedHost = { name: string; port: number | undefined };

/** The request's Host (X-Forwarded-Host behind a trusted proxy) as name and port; null if malformed. */
function parseHost(host: string): ParsedHost | null {
  const match = HOST_FORMAT.exec(host);
  const name = match?.groups?.name;
  if (!name) return null;
  const port = match.groups?.port === undefined ? undefined : Number(match.groups.port);
  if (port !== undefined && port > 65535) return null;
  return { name: name.toLowerCase(), port };
}

/**
 * Whether the request's Host names this server. With PUBLIC_ORIGIN set nothing reads Host, so any
 * well-formed one passes; otherwise only the allowed names do (localhost, plus ALLOWED_HOSTS), so a
 * DNS-rebound name never becomes the origin the CSRF and chat checks compare with, the Google
 * redirect_uri or a mailed link. A request without Host (HTTP/1.0) has no name to trust and gets no
 * origin from it.
 */
export function hasAllowedHost(request: FastifyRequest): boolean {
  const allowed = request.server.config.allowedHosts;
  if (!allowed || request.host === "") return true;
  const host = parseHost(request.host);
  return host !== null && allowed.includes(host.name);
}

/**
 * The app's own origin: PUBLIC_ORIGIN behind a proxy, else one built from the request's validated
 * host name and numeric port (never the Host text itself) and its scheme.
 */
export function ownOrigin(request: FastifyRequest): string {
  const { publicOrigin } = request.server.config;
  if (publicOrigin) return publicOrigin;
  if (!hasAllowedHost(request)) throw wrongHost();
  const host = parseHost(request.host);
  if (!host) throw malformedHost();
  const scheme = request.protocol === "https" ? "https" : "http";
  return `${scheme}://${host.name}${host.port === undefined ? "" : `:${host.port}`}`;
}

/**
 * Refuses, before anything reads it, a request whose Host is malformed (400) or, with PUBLIC_ORIGIN
 * unset, not one of this server's names (421).
 */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.host !== "" && parseHost(request.host) === null) throw malformedHost();
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
