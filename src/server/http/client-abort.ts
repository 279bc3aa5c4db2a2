import type { FastifyRequest } from "fastify";

/**
 * Whether `error` is the request's client going away before its body ended (Node reports it as
 * ECONNRESET "aborted"): no fault of ours and nothing to alert on. The request stream itself must
 * have been cut, so a database connection reset during the same request is still an outage.
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  return (
    (error as { code?: unknown } | null)?.code === "ECONNRESET" &&
    request.raw.readableAborted &&
    !request.raw.complete
  );
}
