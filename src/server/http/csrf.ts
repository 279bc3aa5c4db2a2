import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiRequest } from "./api-path.ts";
import { AppError } from "./app-error.ts";
import { ownOrigin } from "./own-origin.ts";
import { logSafeUrl } from "./request-log.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

/** Normalized through URL, so a default port in Host (":80", ":443") compares equal to none. */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Why a request is cross-site, or null when it is not (or cannot tell: no browser headers). */
export function crossSiteReason(request: FastifyRequest): string | null {
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && !ALLOWED_FETCH_SITES.has(fetchSite)) {
    return `Sec-Fetch-Site is ${fetchSite}`;
  }
  const origin = request.headers.origin;
  if (
    typeof origin === "string" &&
    (origin === "null" || !sameOrigin(origin, ownOrigin(request)))
  ) {
    return `Origin ${origin} is not this site`;
  }
  return null;
}

/**
 * Cookie-authenticated mutations must come from our own pages: a browser request from another site
 * says so in Sec-Fetch-Site or Origin, and is refused before any handler runs. Requests with
 * neither header (curl, server-to-server, tests) pass; they carry no victim's cookies.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (!isApiRequest(request)) return;
    const reason = crossSiteReason(request);
    if (reason) {
      request.log.warn({ reason, url: logSafeUrl(request.url) }, "cross-site request refused");
      throw new AppError(
        403,
        "cross-site-request",
        "This request came from another site and was refused.",
      );
    }
  });
}
