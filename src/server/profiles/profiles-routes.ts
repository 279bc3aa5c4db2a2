import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canEditProfile } from "../../shared/policies.ts";
import {
  profileDetailResponseSchema,
  updateProfileBodySchema,
  usernameParamsSchema,
} from "../../shared/profiles.ts";
import { requireViewer } from "../auth/viewer.ts";
import type { Db } from "../db/database.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { reviewStatsAbout } from "../reviews/reviews-repository.ts";
import { presentProfileDetail } from "./profile-presenter.ts";
import { findProfileByUsername, type ProfileRow, updateProfile } from "./profiles-repository.ts";

async function existingProfile(db: Db, username: string): Promise<ProfileRow> {
  const profile = await findProfileByUsername(db, username);
  if (!profile) throw notFound(`There is no user named "${username}".`);
  return profile;
}

/** The profile page: GET anyone's profile, PUT one's own bio, skills and interests. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/users/username/:username",
    {
      schema: {
        params: usernameParamsSchema,
        response: { 200: profileDetailResponseSchema },
      },
    },
    async (request) => {
      const profile = await existingProfile(db, request.params.username);
      return { user: presentProfileDetail(profile, await reviewStatsAbout(db, profile.id)) };
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
      const profile = await existingProfile(db, request.params.username);
      if (!canEditProfile(viewer.profile, profile)) {
        throw forbidden("You can only edit your own profile.");
      }
      const { bio, skills, interests } = request.body;
      const updated = await updateProfile(db, profile.id, {
        bio: bio ?? profile.bio,
        skills: skills ?? profile.skills,
        interests: interests ?? profile.interests,
      });
      return { user: presentProfileDetail(updated, await reviewStatsAbout(db, updated.id)) };
    },
  );
};
