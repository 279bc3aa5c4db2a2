import type { Server } from "node:http";
import type { Socket } from "node:net";
import { answerOnSocket } from "./framework-errors.ts";

/**
 * At most `max` open connections from one client address: one client cannot hold thousands of
 * slow or idle connections. Counted on the socket, so a trusted proxy's connections (all of its
 * clients') are not counted; the proxy limits its clients. With TRUST_PROXY listing the proxies'
 * addresses, a client connecting directly is still capped; with `true` or a hop count any peer may
 * be a proxy, so the cap is not set up at all (app.ts, trusted-proxies.ts).
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
  isTrustedProxy: (address: string) => boolean,
): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    if (isTrustedProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      answerOnSocket(socket, [
        503,
        "Service Unavailable",
        "too-many-connections",
        "Too many open connections from your address. Close some and try again.",
      ]);
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
