import type { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CHAT_RATE_LIMIT, CLOSE_TOO_MANY_CONNECTIONS, chatQuerySchema } from "../../shared/chat.ts";
import { AppError, forbidden } from "../http/app-error.ts";
import { answerOnSocket } from "../http/framework-errors.ts";
import { ownOrigin } from "../http/own-origin.ts";
import { createAddressLimits } from "./address-limits.ts";
import { serveChatSocket } from "./chat-connection.ts";
import { type ChatHub, createChatHub } from "./chat-hub.ts";
import { createRateLimiter } from "./rate-limiter.ts";

const hubs = new WeakMap<FastifyInstance["server"], ChatHub>();

/** The chat hub of an app (tests use it to run a heartbeat round or count sockets). */
export function chatHubOf(app: FastifyInstance): ChatHub | undefined {
  return hubs.get(app.server);
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

/** GET /api/chat: the public chat room over WebSocket (DESIGN §5, frames in src/shared/chat.ts). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createChatHub({ database: app.database, log: app.log });
  await hub.start();
  hubs.set(app.server, hub);
  const limits = {
    sends: createRateLimiter(CHAT_RATE_LIMIT.messages, CHAT_RATE_LIMIT.windowMs),
    lookups: createRateLimiter(CHAT_RATE_LIMIT.messages * 2, CHAT_RATE_LIMIT.windowMs),
  };
  const addresses = createAddressLimits({
    socketsPerAddress: app.config.chat.socketsPerAddress,
    upgradesPerMinute: app.config.chat.upgradesPerAddressPerMinute,
  });
  const prune = setInterval(() => {
    limits.sends.prune();
    limits.lookups.prune();
    addresses.prune();
  }, 60_000);
  prune.unref();
  app.addHook("onClose", async () => {
    clearInterval(prune);
    await hub.stop();
  });
  // ws answers a malformed handshake (bad key or version) in text/html unless someone listens.
  app.websocketServer.on("wsClientError", (_error: Error, socket: Socket) =>
    answerOnSocket(
      socket,
      [400, "Bad Request", "bad-handshake", "This is not a valid WebSocket handshake."],
      "Sec-WebSocket-Version: 13\r\n",
    ),
  );

  app.get(
    "/chat",
    {
      websocket: true,
      onRequest: requireOwnOrigin,
      // A plain GET (no Upgrade) would get @fastify/websocket's empty 404: say what is wrong instead.
      preHandler: async (request) => {
        if (!request.ws) throw upgradeRequired();
      },
      schema: { querystring: chatQuerySchema },
    },
    (socket, request) => {
      // Over the limits, the socket is closed before any snapshot is read or sent, with a code
      // the web client knows (it waits a minute rather than reconnect at once); an HTTP 429 would
      // reach a browser's WebSocket only as an anonymous failure.
      const admission = addresses.admit(request.ip);
      if (!admission.ok) {
        socket.close(CLOSE_TOO_MANY_CONNECTIONS, admission.reason);
        return;
      }
      socket.on("close", admission.release);
      serveChatSocket(socket, request, {
        hub,
        limits,
        after: request.query.after,
        room: request.query.room !== "0",
      });
    },
  );
};
