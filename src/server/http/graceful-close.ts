import type { FastifyInstance } from "fastify";
import { retryLater } from "./app-error.ts";

/**
 * While the app closes (SIGTERM): a request that still arrives, on a connection kept alive from
 * before, is refused with 503 in the error shape (the app turns off Fastify's own 503, which has
 * another shape: `return503OnClosing: false`), and every answer closes its connection. Node only
 * closes the connections idle when closing starts, so without that a keep-alive client whose
 * request was in flight would hold the process until the forced exit.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async () => {
    if (closing) {
      throw retryLater(
        503,
        "shutting-down",
        "The server is restarting. Please try again in a moment.",
        1,
      );
    }
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("Connection", "close");
  });
}
