import type { FastifyInstance } from "fastify";
import { eventBusOf } from "../events/index.ts";
import { sharedPlugin } from "../http/shared-plugin.ts";
import { handleSkillChanges } from "./skill-log.ts";

/** What moderation keeps on the app: the log's handler of other features' events (skill changes). */
export const moderationPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const remove = handleSkillChanges(eventBusOf(app.database));
  app.addHook("onClose", async () => remove());
});
