import type { FastifyReply, FastifyRequest } from "fastify";
import { PHOTO_SIZES, type PhotoSize } from "../../shared/photos.ts";
import { AppError } from "../http/app-error.ts";
import { maySeeHidden, viewerAccount } from "../visibility/index.ts";
import { findPhoto } from "./photos-repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The bytes at a photo's URL never change, but whether they may be shown does (a moderator hides
 * the profile, the account is deleted): caches keep a photo five minutes, then ask again with its
 * ETag (a 304 without the bytes while it may still be shown). So a hidden or deleted photo leaves
 * every cache within five minutes, and restoring a profile needs no new URL (issue 28, item 11).
 */
export const PHOTO_CACHE_CONTROL = "public, max-age=300";
/** What only the hidden profile's owner and moderators get: kept by no cache. */
const NOT_STORED = "private, no-store";

/** Refusals are not cached either: a photo shown again after a restore answers at once. */
const noSuchPhoto = () =>
  new AppError(404, "not-found", "No such photo.", { headers: { "Cache-Control": "no-store" } });

/** GET /api/photos/{id}/{small|large}.webp: the photo while its owner's profile may be seen. */
export async function servePhoto(
  request: FastifyRequest,
  reply: FastifyReply,
  { id, file }: { id: string; file: string },
) {
  const size = file.replace(/\.webp$/, "");
  if (!file.endsWith(".webp") || !(size in PHOTO_SIZES) || !UUID.test(id)) throw noSuchPhoto();
  const photo = await findPhoto(request.server.database.db, id, size as PhotoSize);
  if (!photo) throw noSuchPhoto();
  reply.type("image/webp");
  if (photo.ownerHidden) {
    const viewer = viewerAccount(await request.viewer);
    if (!maySeeHidden(viewer, photo.ownerUserId)) throw noSuchPhoto();
    return reply.header("Cache-Control", NOT_STORED).send(photo.bytes);
  }
  const etag = `"${id}-${size}"`;
  reply.header("Cache-Control", PHOTO_CACHE_CONTROL).header("ETag", etag);
  const known = (request.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim());
  if (known.includes(etag)) return reply.status(304).send();
  return reply.send(photo.bytes);
}
