import type { FastifyRequest } from "fastify";
import { ownOrigin } from "../http/own-origin.ts";

/**
 * An absolute link into the app for a mail: PUBLIC_ORIGIN when set, else the origin this request was
 * sent to (an allowed Host only). `path` starts with "/", e.g. `/reset-password?token=…`.
 */
export function appLink(request: FastifyRequest, path: string): string {
  if (!path.startsWith("/")) throw new Error(`appLink needs a path starting with "/": ${path}`);
  return `${ownOrigin(request)}${path}`;
}
