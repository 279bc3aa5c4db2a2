import type { FastifyRequest } from "fastify";

/** The app's own origin: PUBLIC_ORIGIN behind a proxy, else the origin the request was sent to. */
export function ownOrigin(request: FastifyRequest): string {
  return request.server.config.publicOrigin ?? `${request.protocol}://${request.host}`;
}
