import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canEditProfile } from "../../shared/policies.ts";
import {
  profileDetailResponseSchema,
  storedUsername,
  updateProfileBodySchema,
  usernameParamsSchema,
} from "../../shared/profiles.ts";
import { getViewer, requireViewer } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { limitedWrite } from "../limits/index.ts";
import { reviewStatsAbout } from "../reviews/index.ts";
import { presentProfileDetail } from "./profile-presenter.ts";
import {
  findProfileByUsername,
  type ProfileWithOwner,
  updateProfile,
} from "./profiles-repository.ts";

async function existingProfile(db: Db, username: string): Promise<ProfileWithOwner> {
  const profile = await findProfileByUsername(db, username);
  if (!profile) throw notFound(`There is no user named "${username}".`);
  return profile;
}

/** The profile page: GET anyone's profile, PUT one's own bio, skills, interests and email choice. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/users/username/:username",
    { schema: { params: usernameParamsSchema, response: { 200: profileDetailResponseSchema } } },
    async (request, reply) => {
      const [viewer, profile] = await Promise.all([
        getViewer(request),
        existingProfile(db, request.params.username),
      ]);
      // The answer depends on who asks (the email): never from a shared cache, and never reused
      // by the browser after a sign-in or sign-out without asking again.
      reply.header("Cache-Control", "private, no-cache").header("Vary", "Cookie");
      const stats = await reviewStatsAbout(db, profile.id);
      return { user: presentProfileDetail(profile, viewer?.profile, stats) };
    },
  );

  app.put(
    "/users/:username",
    {
      schema: {
        params: usernameParamsSchema,
        body: updateProfileBodySchema,
        response: { 200: profileDetailResponseSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const { username } = request.params;
      // The owner's profile came with the viewer; only a refusal needs the named one (404 or 403).
      const profile = viewer.profile;
      if (!profile || !canEditProfile(profile, { username: storedUsername(username) })) {
        await existingProfile(db, username);
        throw forbidden("You can only edit your own profile.");
      }
      const { bio, skills, interests, show_email } = request.body;
      const limits = app.config.writeLimits;
      const updated = await limitedWrite(db, limits, viewer.identity.id, "profile-edit", (tx) =>
        updateProfile(tx, profile.id, {
          bio: bio ?? profile.bio,
          skills: skills ?? profile.skills,
          interests: interests ?? profile.interests,
          showEmail: show_email ?? profile.showEmail,
        }),
      );
      const stats = await reviewStatsAbout(db, updated.id);
      const owned = { ...updated, emailVerified: viewer.identity.emailVerified };
      return { user: presentProfileDetail(owned, profile, stats) };
    },
  );
};
