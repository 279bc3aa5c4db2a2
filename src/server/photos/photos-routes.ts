import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_SIZES,
  PHOTO_TYPE_MESSAGE,
  type PhotoSize,
  photoPath,
  photoResponseSchema,
} from "../../shared/photos.ts";
import { usernameParamsSchema } from "../../shared/profiles.ts";
import { requireProfile } from "../auth/index.ts";
import { avatarPath } from "../avatars/index.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { limitedWrite } from "../limits/index.ts";
import { requireOwnProfile } from "../profiles/index.ts";
import {
  invalidImage,
  isPhotoContentType,
  NOT_AN_IMAGE,
  processPhoto,
} from "./photo-processing.ts";
import { findPhoto, removePhoto, replacePhoto } from "./photos-repository.ts";
import { createGate } from "./processing-gate.ts";

const NOT_YOURS = "You can only change your own photo.";
const IMMUTABLE = "public, max-age=31536000, immutable";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const photoParamsSchema = z.object({ id: z.string().max(64), file: z.string().max(16) });

/** The Content-Type's media type, lower case, without parameters. */
const mediaTypeOf = (header: string | undefined) =>
  (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * Profile photos (issue 19, decision 013): PUT the image bytes to one's own profile, DELETE to go
 * back to the generated avatar, GET a photo's sizes by their changing URL.
 */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const processing = createGate(2);

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

  app.put(
    "/users/:username/photo",
    {
      bodyLimit: PHOTO_MAX_BYTES,
      schema: { params: usernameParamsSchema, response: { 200: photoResponseSchema } },
      // Any other type (SVG, JSON, none) is refused before its body is read.
      preParsing: async (request) => {
        if (!isPhotoContentType(mediaTypeOf(request.headers["content-type"]))) {
          throw invalidImage(PHOTO_TYPE_MESSAGE);
        }
      },
    },
    async (request) => {
      const viewer = await requireProfile(request);
      const profile = await requireOwnProfile(db, viewer, request.params.username, NOT_YOURS);
      const type = mediaTypeOf(request.headers["content-type"]);
      const body = request.body;
      if (!isPhotoContentType(type) || !Buffer.isBuffer(body) || body.length === 0) {
        throw invalidImage(NOT_AN_IMAGE);
      }
      // Decoded before the transaction: a slow or refused image holds no connection nor lock.
      const photo = await processing(() => processPhoto(body, type));
      const limits = app.config.writeLimits;
      const imgUrl = await limitedWrite(db, limits, viewer.identity.id, "photo", (tx) =>
        replacePhoto(tx, profile.id, photo, (id) => photoPath(id, "large")),
      );
      return { img_url: imgUrl };
    },
  );

  app.delete(
    "/users/:username/photo",
    { schema: { params: usernameParamsSchema, response: { 200: photoResponseSchema } } },
    async (request) => {
      const viewer = await requireProfile(request);
      const profile = await requireOwnProfile(db, viewer, request.params.username, NOT_YOURS);
      const imgUrl = avatarPath(profile.username);
      const limits = app.config.writeLimits;
      await limitedWrite(db, limits, viewer.identity.id, "photo", (tx) =>
        removePhoto(tx, profile.id, imgUrl),
      );
      return { img_url: imgUrl };
    },
  );

  app.get(
    "/photos/:id/:file",
    { schema: { params: photoParamsSchema, hide: true } },
    async (request, reply) => {
      const { id, file } = request.params;
      const size = file.replace(/\.webp$/, "");
      if (!file.endsWith(".webp") || !(size in PHOTO_SIZES) || !UUID.test(id)) {
        throw notFound("No such photo.");
      }
      const bytes = await findPhoto(db, id, size as PhotoSize);
      if (!bytes) throw notFound("No such photo.");
      // A photo's URL changes with the photo: what is served at one never changes.
      return reply.type("image/webp").header("Cache-Control", IMMUTABLE).send(bytes);
    },
  );
};
