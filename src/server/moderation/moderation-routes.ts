import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireModerator } from "../auth/index.ts";
import { itemRoutes } from "./item-routes.ts";
import { logRoutes } from "./log-routes.ts";
import { memberRoutes } from "./member-routes.ts";
import { queueRoutes } from "./queue-routes.ts";

/**
 * Everything under /api/moderation: moderators only. Refused before the request is even validated
 * (401 signed out, 403 anyone else), so nobody else learns what the endpoints take; the handlers
 * read the moderator as `request.member`.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireModerator);
  await app.register(queueRoutes);
  await app.register(itemRoutes);
  await app.register(memberRoutes);
  await app.register(logRoutes);
};
