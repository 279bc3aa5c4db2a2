import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CHAT_RATE_LIMIT, chatQuerySchema } from "../../shared/chat.ts";
import { serveChatSocket } from "./chat-connection.ts";
import { createChatHub } from "./chat-hub.ts";
import { createRateLimiter } from "./rate-limiter.ts";

/**
 * GET /api/chat: the public chat room over WebSocket (DESIGN §5, frames in src/shared/chat.ts), and
 * the tab's one live socket (`room=0` without the room): the upgrade's checks and the socket are
 * the live sockets' (`app.live`, src/server/live); the room and direct messages publish into them.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live } = app;
  const hub = createChatHub({ database: app.database, log: app.log, live: live.sockets });
  await hub.start();
  const limits = {
    sends: createRateLimiter(CHAT_RATE_LIMIT.messages, CHAT_RATE_LIMIT.windowMs),
    lookups: createRateLimiter(CHAT_RATE_LIMIT.messages * 2, CHAT_RATE_LIMIT.windowMs),
  };
  const prune = setInterval(() => {
    limits.sends.prune();
    limits.lookups.prune();
  }, 60_000);
  prune.unref();
  app.addHook("onClose", async () => {
    clearInterval(prune);
    await hub.stop();
  });

  app.get(
    "/chat",
    {
      websocket: true,
      onRequest: live.upgrade.onRequest,
      preHandler: live.upgrade.preHandler,
      schema: { querystring: chatQuerySchema },
    },
    (socket, request) => {
      if (!live.upgrade.admit(socket, request)) return;
      serveChatSocket(socket, request, {
        hub,
        limits,
        after: request.query.after,
        room: request.query.room !== "0",
      });
    },
  );
};
