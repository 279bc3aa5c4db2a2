import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { decodedPath } from "./api-path.ts";

/**
 * Paths whose query strings carry secrets: the OAuth callback's `code` (and `state`), and the pages
 * the mailed one-time links open (`?token=`, issue 15).
 */
const SECRET_QUERY_PATHS = new Set([
  "/api/auth/google/callback",
  "/verify-email",
  "/reset-password",
]);

/** The URL as logs may keep it: the query string of a secret-bearing path replaced. */
export function logSafeUrl(url: string): string {
  const query = url.indexOf("?");
  if (query < 0 || !SECRET_QUERY_PATHS.has(decodedPath(url))) return url;
  return `${url.slice(0, query)}?[redacted]`;
}

/** Fastify's own request log fields, with the URL made log-safe. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: logSafeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One log line per request, written when the answer has gone: what was asked (`req`), how it was
 * answered (`res`) and in how many milliseconds, under the request's id. Fastify's default writes
 * two ("incoming request" then "request completed"): twice the lines to read and to write.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  /** The request's one line says 404 already. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
