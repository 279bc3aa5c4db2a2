import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  moderationActionBodySchema,
  suspendBodySchema,
  suspendedResponseSchema,
  suspensionResponseSchema,
} from "../../shared/moderation.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { QUEUE_LIMIT } from "./queue.ts";
import { memberSuspension, suspendedMembers } from "./suspended-members.ts";
import { liftSuspension, suspendMember } from "./suspensions.ts";

const memberParamsSchema = z.object({ username: z.string().min(1).max(64) });

const noSuchMember = (username: string) => notFound(`There is no member named "${username}".`);

/** What both member routes share: the member named in the path, the suspension as it is after. */
const memberSchema = { params: memberParamsSchema, response: { 200: suspensionResponseSchema } };

/**
 * Suspending members and lifting suspensions (suspensions.ts); who is suspended now (/moderation's
 * list) and one member's suspension (their profile, to a moderator; issue 34).
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/moderation/suspended",
    { schema: { response: { 200: suspendedResponseSchema } } },
    async () => ({
      members: (await suspendedMembers(db, QUEUE_LIMIT)).map((row) => ({
        username: row.username,
        suspended_until: row.suspendedUntil,
      })),
    }),
  );

  app.get(
    "/moderation/members/:username",
    { schema: memberSchema },
    async ({ params: { username } }) => {
      const member = await memberSuspension(db, username);
      if (!member) throw noSuchMember(username);
      return { username: member.username, suspended_until: member.suspendedUntil };
    },
  );

  app.post(
    "/moderation/members/:username/suspend",
    { schema: { ...memberSchema, body: suspendBodySchema } },
    async ({ member: moderator, params: { username }, body }) => {
      const outcome = await suspendMember(db, app.config.moderation, {
        moderatorId: moderator.identity.id,
        username,
        duration: body.duration,
        hideContent: body.hide_content,
        reason: body.reason,
      });
      if (outcome.kind === "no-member") throw noSuchMember(username);
      if (outcome.kind === "self") throw forbidden("You can't suspend yourself.");
      if (outcome.kind === "moderator") throw forbidden("You can't suspend another moderator.");
      return { username: outcome.username, suspended_until: outcome.until };
    },
  );

  app.post(
    "/moderation/members/:username/lift",
    { schema: { ...memberSchema, body: moderationActionBodySchema.nullish() } },
    async ({ member: moderator, params: { username }, body }) => {
      const lifted = await liftSuspension(db, {
        moderatorId: moderator.identity.id,
        username,
        reason: body?.reason ?? "",
      });
      if (!lifted) throw noSuchMember(username);
      return { username: lifted, suspended_until: null };
    },
  );
};
