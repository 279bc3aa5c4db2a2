import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createProfileBodySchema, createProfileResponseSchema } from "../../shared/profiles.ts";
import { setDisplayNameIfMissing } from "../auth/users-repository.ts";
import { type Identity, requireViewer } from "../auth/viewer.ts";
import { avatarPath } from "../avatars/avatar-svg.ts";
import type { Db } from "../db/database.ts";
import { AppError, conflict } from "../http/app-error.ts";
import { sqlStateOf } from "../http/storage-errors.ts";
import { presentOwnProfile } from "./profile-presenter.ts";
import { findProfileByUsername, insertProfile, type ProfileRow } from "./profiles-repository.ts";

const UNIQUE_VIOLATION = "23505";

const usernameTaken = (username: string) =>
  new AppError(409, "username-taken", `The username "${username}" is already taken.`, {
    fields: { username: "This username is already taken. Choose another one." },
  });

const profileExists = () =>
  conflict("profile-exists", "You already have a profile; edit it on your profile page.");

/** Creates the profile and names the identity after it, in one transaction. */
function createProfile(
  db: Db,
  identity: Identity,
  body: { username: string; skills: string[]; interests: string[] },
): Promise<ProfileRow> {
  return db.transaction(async (tx) => {
    const row = await insertProfile(tx, {
      userId: identity.id,
      username: body.username,
      email: identity.email,
      imgUrl: identity.photoUrl ?? avatarPath(body.username),
      skills: body.skills,
      interests: body.interests,
    });
    await setDisplayNameIfMissing(tx, identity.id, body.username);
    return row;
  });
}

/** POST /api/users (SPEC §7): the signed-in identity's profile, once. */
export const createProfileRoute: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.post(
    "/users",
    {
      schema: {
        body: createProfileBodySchema,
        response: { 201: createProfileResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      if (viewer.profile) throw profileExists();
      const body = request.body;
      if (await findProfileByUsername(db, body.username)) throw usernameTaken(body.username);
      const row = await createProfile(db, viewer.identity, body).catch(async (error: unknown) => {
        if (sqlStateOf(error) !== UNIQUE_VIOLATION) throw error;
        // Lost a race: either this identity got its profile meanwhile, or someone took the name.
        throw (await findProfileByUsername(db, body.username))?.userId === viewer.identity.id
          ? profileExists()
          : usernameTaken(body.username);
      });
      return reply.status(201).send({ user: presentOwnProfile(row) });
    },
  );
};
