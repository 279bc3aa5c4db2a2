import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  moderationActionBodySchema,
  suspendBodySchema,
  suspensionResponseSchema,
} from "../../shared/moderation.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { requireModerator } from "./require-moderator.ts";
import { liftSuspension, suspendMember } from "./suspensions.ts";

const memberParamsSchema = z.object({ username: z.string().min(1).max(64) });

const noSuchMember = (username: string) => notFound(`There is no member named "${username}".`);

/** Suspending members and lifting suspensions (suspensions.ts). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    "/moderation/members/:username/suspend",
    {
      schema: {
        params: memberParamsSchema,
        body: suspendBodySchema,
        response: { 200: suspensionResponseSchema },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request);
      const { username } = request.params;
      const outcome = await suspendMember(db, app.config.moderation, {
        moderatorId: moderator.identity.id,
        username,
        duration: request.body.duration,
        hideContent: request.body.hide_content,
        reason: request.body.reason,
      });
      if (outcome.kind === "no-member") throw noSuchMember(username);
      if (outcome.kind === "self") throw forbidden("You can't suspend yourself.");
      if (outcome.kind === "moderator") throw forbidden("You can't suspend another moderator.");
      return { username: outcome.username, suspended_until: outcome.until };
    },
  );

  app.post(
    "/moderation/members/:username/lift",
    {
      schema: {
        params: memberParamsSchema,
        body: moderationActionBodySchema.nullish(),
        response: { 200: suspensionResponseSchema },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request);
      const { username } = request.params;
      const lifted = await liftSuspension(db, {
        moderatorId: moderator.identity.id,
        username,
        reason: request.body?.reason ?? "",
      });
      if (!lifted) throw noSuchMember(username);
      return { username: lifted, suspended_until: null };
    },
  );
};
