import type { FastifyError, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_SIZE_MESSAGE,
  photoPath,
  photoResponseSchema,
} from "../../shared/photos.ts";
import { usernameParamsSchema } from "../../shared/profiles.ts";
import { requireMember } from "../auth/index.ts";
import { avatarPath } from "../avatars/index.ts";
import { AppError } from "../http/app-error.ts";
import { requireOwnProfile } from "../profiles/index.ts";
import { write, writtenOrTooManyWrites } from "../write/index.ts";
import {
  invalidImage,
  isPhotoContentType,
  NOT_AN_IMAGE,
  processPhoto,
} from "./photo-processing.ts";
import { servePhoto } from "./photo-serving.ts";
import { removePhoto, replacePhoto } from "./photos-repository.ts";
import { createGate } from "./processing-gate.ts";
import { admitUpload, mediaTypeOf, NOT_YOURS } from "./upload-admission.ts";
import { createUploadSlots } from "./upload-slots.ts";

const photoParamsSchema = z.object({ id: z.string().max(64), file: z.string().max(16) });

/**
 * Two photos decoded at a time, six more waiting (a few seconds at most); beyond that 503. With one
 * upload per account at a time, a queue that long takes many accounts.
 */
const PROCESSING = { running: 2, waiting: 6 };

/**
 * Profile photos (issue 19, decision 013): PUT the image bytes to one's own profile, DELETE to go
 * back to the generated avatar, GET a photo's sizes by their changing URL.
 */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const processing = createGate(PROCESSING);
  const uploadSlots = createUploadSlots();

  // For this plugin's routes only: the image bytes as they came, up to the photo limit.
  app.addContentTypeParser(
    [...PHOTO_CONTENT_TYPES],
    { parseAs: "buffer", bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // The body limit's refusal in words a member understands; everything else as the app answers.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      throw new AppError(413, "payload-too-large", PHOTO_SIZE_MESSAGE);
    }
    throw error;
  });

  /** Access hook after requireMember: the path names the member's own profile (403, 404). */
  async function ownProfileOnly(request: FastifyRequest<{ Params: { username: string } }>) {
    await requireOwnProfile(db, request.member, request.params.username, NOT_YOURS);
  }

  app.put(
    "/users/:username/photo",
    {
      bodyLimit: PHOTO_MAX_BYTES,
      schema: { params: usernameParamsSchema, response: { 200: photoResponseSchema } },
      preParsing: [requireMember, admitUpload(uploadSlots)],
    },
    async (request) => {
      // Admitted in preParsing: the member's profile is the one the path names.
      const viewer = request.member;
      const { profile } = viewer;
      const type = mediaTypeOf(request.headers["content-type"]);
      const body = request.body;
      if (!isPhotoContentType(type) || !Buffer.isBuffer(body) || body.length === 0) {
        throw invalidImage(NOT_AN_IMAGE);
      }
      // Decoded before the transaction: a slow or refused image holds no connection nor lock.
      const photo = await processing(() => processPhoto(body, type));
      const limits = app.config.writeLimits;
      const imgUrl = writtenOrTooManyWrites(
        await write(
          db,
          (tx) => replacePhoto(tx, profile.id, photo, (id) => photoPath(id, "large")),
          { limits, userId: viewer.identity.id, action: "photo" },
        ),
      );
      return { img_url: imgUrl };
    },
  );

  app.delete(
    "/users/:username/photo",
    {
      preHandler: [requireMember, ownProfileOnly],
      schema: { params: usernameParamsSchema, response: { 200: photoResponseSchema } },
    },
    async (request) => {
      const viewer = request.member;
      const { profile } = viewer;
      const imgUrl = avatarPath(profile.username);
      const limits = app.config.writeLimits;
      writtenOrTooManyWrites(
        await write(db, (tx) => removePhoto(tx, profile.id, imgUrl), {
          limits,
          userId: viewer.identity.id,
          action: "photo",
        }),
      );
      return { img_url: imgUrl };
    },
  );

  app.get(
    "/photos/:id/:file",
    { schema: { params: photoParamsSchema, hide: true } },
    (request, reply) => servePhoto(request, reply, request.params),
  );
};
