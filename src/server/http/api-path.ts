import type { FastifyRequest } from "fastify";

/** The path as the router reads it: percent-escapes decoded (`/%61pi` is `/api`). */
export function decodedPath(url: string): string {
  const path = url.split("?", 1)[0] ?? "/";
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // broken escapes: the router refused the request already (framework-errors.ts)
  }
}

/**
 * Whether a request is for the API, judged as the router sees it — by the route it matched, or
 * for no match by its decoded path — never by the raw URL, which `/%61pi/...` would slip past.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return path === "/api" || path.startsWith("/api/");
}
