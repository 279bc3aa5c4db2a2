import type { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { CLOSE_TOO_MANY_CONNECTIONS } from "../../shared/chat.ts";
import { AppError, forbidden } from "../http/app-error.ts";
import { answerOnSocket } from "../http/framework-errors.ts";
import { ownOrigin } from "../http/own-origin.ts";
import type { AddressLimits, Admission } from "./address-limits.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Why the live socket's upgrade is refused (over the per-address rate), found before the handler. */
    liveRefusal: string | null;
  }
}

const upgradeRequired = () =>
  new AppError(
    426,
    "upgrade-required",
    "The chat is a WebSocket: connect with a WebSocket client.",
    {
      headers: { Upgrade: "websocket", Connection: "Upgrade" },
    },
  );

/**
 * Browsers send cookies with a WebSocket upgrade from any site, so a foreign page could otherwise
 * open the chat as its visitor (cross-site WebSocket hijacking): the Origin must be our own.
 */
async function requireOwnOrigin(request: FastifyRequest): Promise<void> {
  if (request.headers.origin !== ownOrigin(request)) {
    throw forbidden("The chat only accepts connections from this site.", "foreign-origin");
  }
}

/**
 * The checks of a live socket's upgrade, for its route's options: our own origin, a real upgrade
 * (a plain GET would get @fastify/websocket's empty 404: say what is wrong instead), and the
 * per-address upgrade rate, counted before the upgrade completes so the handler attaches its
 * listeners at once; `admit` then applies the open-socket cap in the handler.
 */
export function liveUpgradeChecks(addresses: AddressLimits) {
  return {
    onRequest: requireOwnOrigin,
    async preHandler(request: FastifyRequest): Promise<void> {
      if (!request.ws) throw upgradeRequired();
      request.liveRefusal = await addresses.countUpgrade(request.ip);
    },
    /**
     * Over the limits, the socket is closed before any snapshot is read or sent, with a code the web
     * client knows (it waits a minute rather than reconnect at once); an HTTP 429 would reach a
     * browser's WebSocket only as an anonymous failure. True when the socket may be served.
     */
    admit(socket: WebSocket, request: FastifyRequest): boolean {
      const refusal = request.liveRefusal;
      const admission: Admission = refusal
        ? { ok: false, reason: refusal }
        : addresses.admit(request.ip);
      if (!admission.ok) {
        socket.close(CLOSE_TOO_MANY_CONNECTIONS, admission.reason);
        return false;
      }
      socket.on("close", admission.release);
      return true;
    },
  };
}

/** ws answers a malformed handshake (bad key or version) in text/html unless someone listens. */
export function answerBadHandshakes(app: FastifyInstance): void {
  app.websocketServer.on("wsClientError", (_error: Error, socket: Socket) =>
    answerOnSocket(
      socket,
      [400, "Bad Request", "bad-handshake", "This is not a valid WebSocket handshake."],
      "Sec-WebSocket-Version: 13\r\n",
    ),
  );
}
