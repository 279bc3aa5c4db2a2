import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canEditProfile } from "../../shared/policies.ts";
import {
  profileDetailResponseSchema,
  storedUsername,
  updateProfileBodySchema,
  usernameParamsSchema,
} from "../../shared/profiles.ts";
import { requireSignedIn } from "../auth/index.ts";
import { responsivenessOf } from "../direct-messages/index.ts";
import { announce } from "../events/index.ts";
import { forbidden } from "../http/app-error.ts";
import { areaOf, chosenArea } from "../places/index.ts";
import { reviewStatsAbout } from "../reviews/index.ts";
import { blockedAuthor, readerOf } from "../visibility/index.ts";
import { write, writtenOrTooManyWrites } from "../write/index.ts";
import { findProfilePage } from "./profile-page-query.ts";
import { presentProfileDetail } from "./profile-presenter.ts";
import { chosenSkills } from "./profile-skills.ts";
import { findProfileByUsername, updateProfile } from "./profiles-repository.ts";
import { changedService } from "./service-changes.ts";
import { visibleProfile } from "./visible-profile.ts";

/**
 * The profile page: GET anyone's profile, PUT one's own bio, skills, interests, email choice,
 * area and service details.
 */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/users/username/:username",
    { schema: { params: usernameParamsSchema, response: { 200: profileDetailResponseSchema } } },
    async (request, reply) => {
      const { username } = request.params;
      const now = app.clock.now();
      const [viewer, found, responsiveness] = await Promise.all([
        request.viewer,
        findProfilePage(db, username, now),
        responsivenessOf(db, username, now),
      ]);
      const profile = visibleProfile(found?.profile ?? null, username, viewer);
      const stats = found?.stats ?? { count: 0, sum: 0, contactBacked: 0 };
      // The answer depends on who asks (the email, hidden, blocked): never from a shared cache,
      // and never reused by the browser after a sign-in or sign-out without asking again.
      reply.header("Cache-Control", "private, no-cache").header("Vary", "Cookie");
      // From the in-memory blocks cache once the viewer's blocks were read (blocks-cache.ts).
      const blocked = blockedAuthor(await readerOf(app.blocks, viewer), profile.userId);
      return {
        user: presentProfileDetail(profile, viewer?.profile, stats, responsiveness, { blocked }),
      };
    },
  );

  app.put(
    "/users/:username",
    {
      preHandler: requireSignedIn,
      schema: {
        params: usernameParamsSchema,
        body: updateProfileBodySchema,
        response: { 200: profileDetailResponseSchema },
      },
    },
    async (request) => {
      const viewer = request.signedIn;
      const { username } = request.params;
      // The owner's profile came with the viewer; only a refusal needs the named one (404 or 403).
      const profile = viewer.profile;
      if (!profile || !canEditProfile(profile, { username: storedUsername(username) })) {
        visibleProfile(await findProfileByUsername(db, username), username, viewer);
        throw forbidden("You can only edit your own profile.");
      }
      const { bio, show_email, noindex, area_id, service } = request.body;
      // An unknown place, a skill not on the list or a phone offered but missing is refused here,
      // before the write.
      const { skills, interests } = await chosenSkills(db, request.body, profile);
      const area = area_id === undefined ? areaOf(profile) : chosenArea(area_id);
      const serviceColumns = changedService(service, profile);
      const limits = app.config.writeLimits;
      const updated = writtenOrTooManyWrites(
        await write(
          db,
          async (tx) => {
            // The sitemap forgets its pages when the member changes their search engines choice.
            if (noindex !== undefined && noindex !== profile.noindex) {
              await announce(tx, { type: "profile.indexing-changed", userId: viewer.identity.id });
            }
            return updateProfile(tx, profile.id, {
              bio: bio ?? profile.bio,
              skills: skills ?? profile.skills,
              interests: interests ?? profile.interests,
              showEmail: show_email ?? profile.showEmail,
              noindex: noindex ?? profile.noindex,
              ...area,
              ...serviceColumns,
            });
          },
          { limits, userId: viewer.identity.id, action: "profile-edit" },
        ),
      );
      const now = app.clock.now();
      const [stats, responsiveness] = await Promise.all([
        reviewStatsAbout(db, updated.id, now),
        responsivenessOf(db, updated.username, now),
      ]);
      const owned = { ...updated, emailVerified: viewer.identity.emailVerified };
      return { user: presentProfileDetail(owned, profile, stats, responsiveness) };
    },
  );
};
