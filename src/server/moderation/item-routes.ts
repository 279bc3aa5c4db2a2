import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  moderatedItemSchema,
  moderationActionBodySchema,
  REPORT_TARGET_TYPES,
} from "../../shared/moderation.ts";
import { notFound } from "../http/app-error.ts";
import { actOnItem, ITEM_ACTIONS } from "./item-actions.ts";
import { presentItem } from "./moderation-presenter.ts";

const itemActionParamsSchema = z.object({
  type: z.enum(REPORT_TARGET_TYPES),
  id: z.string().min(1).max(64),
  action: z.enum(ITEM_ACTIONS),
});

/** POST /api/moderation/items/:type/:id/{dismiss|hide|restore} (item-actions.ts). */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/moderation/items/:type/:id/:action",
    {
      schema: {
        params: itemActionParamsSchema,
        // The reason is optional: a click on "Dismiss" may send no body at all.
        body: moderationActionBodySchema.nullish(),
        response: { 200: z.object({ item: moderatedItemSchema }) },
      },
    },
    async (request) => {
      const moderator = request.member;
      const { type, id, action } = request.params;
      const item = await actOnItem(app.database.db, {
        moderatorId: moderator.identity.id,
        target: { type, id },
        action,
        reason: request.body?.reason ?? "",
      });
      if (!item) throw notFound("This no longer exists.");
      return { item: presentItem(item) };
    },
  );
};
