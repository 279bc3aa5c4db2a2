import type { FastifyReply, FastifyRequest } from "fastify";
import { PHOTO_TYPE_MESSAGE } from "../../shared/photos.ts";
import { usernameParamsSchema } from "../../shared/profiles.ts";
import { badRequest } from "../http/app-error.ts";
import { requireRoomToWrite } from "../limits/index.ts";
import { requireOwnProfile } from "../profiles/index.ts";
import { invalidImage, isPhotoContentType } from "./photo-processing.ts";
import type { createUploadSlots } from "./upload-slots.ts";

export const NOT_YOURS = "You can only change your own photo.";

/** The Content-Type's media type, lower case, without parameters. */
export const mediaTypeOf = (header: string | undefined) =>
  (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * The upload route's preParsing hook, after requireMember (signed in with a profile: 401, 403):
 * everything that can refuse an upload without its bytes is decided before a byte of the body is
 * read (issue 28, items 1 and 6) — a stranger's 5 MB costs one session lookup, not the reading of
 * the body. In order: the profile is one's own (403, 404), a photo's Content-Type (400), no other
 * upload of the account under way on this instance (429), the account not already at its photo
 * limit (429; the write's transaction still counts it).
 */
export function admitUpload(takeSlot: ReturnType<typeof createUploadSlots>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { database, config } = request.server;
    const db = database.db;
    const viewer = request.member;
    const params = usernameParamsSchema.safeParse(request.params);
    if (!params.success) throw badRequest("Please check the address (username).");
    await requireOwnProfile(db, viewer, params.data.username, NOT_YOURS);
    if (!isPhotoContentType(mediaTypeOf(request.headers["content-type"]))) {
      throw invalidImage(PHOTO_TYPE_MESSAGE);
    }
    const release = takeSlot(viewer.identity.id);
    // "close" comes once the answer is sent or the connection is gone, whichever way it ends.
    reply.raw.once("close", release);
    await requireRoomToWrite(db, config.writeLimits, viewer.identity.id, "photo");
  };
}
