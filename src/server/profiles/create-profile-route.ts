import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canCreateProfile } from "../../shared/policies.ts";
import { createProfileBodySchema, createProfileResponseSchema } from "../../shared/profiles.ts";
import { requireSignedIn } from "../auth/index.ts";
import { avatarPath } from "../avatars/index.ts";
import { AppError, conflict } from "../http/app-error.ts";
import { presentOwnProfile } from "./profile-presenter.ts";
import { chosenSkills, NO_SKILLS } from "./profile-skills.ts";
import { createProfile } from "./profiles-repository.ts";
import { changedService, NO_SERVICE } from "./service-changes.ts";

const usernameTaken = (username: string) =>
  new AppError(409, "username-taken", `The username "${username}" is already taken.`, {
    fields: { username: "This username is already taken. Choose another one." },
  });

const profileExists = () =>
  conflict("profile-exists", "You already have a profile; edit it on your profile page.");

/** POST /api/users (SPEC §7): the signed-in identity's profile, once. */
export const createProfileRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/users",
    {
      preHandler: requireSignedIn,
      schema: { body: createProfileBodySchema, response: { 201: createProfileResponseSchema } },
    },
    async (request, reply) => {
      const { identity, profile } = request.signedIn;
      if (!canCreateProfile(profile)) throw profileExists();
      const { username, service } = request.body;
      const { skills, interests } = await chosenSkills(app.database.db, request.body, NO_SKILLS);
      const serviceColumns = changedService(service, NO_SERVICE);
      const created = await createProfile(app.database.db, {
        userId: identity.id,
        username,
        email: identity.email,
        imgUrl: identity.photoUrl ?? avatarPath(username),
        skills,
        interests,
        ...serviceColumns,
      });
      if (!created.ok) {
        throw created.reason === "profile-exists" ? profileExists() : usernameTaken(username);
      }
      return reply.status(201).send({ user: presentOwnProfile(created.value, identity) });
    },
  );
};
