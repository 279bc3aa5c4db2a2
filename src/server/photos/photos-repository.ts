import { eq } from "drizzle-orm";
import type { PhotoSize } from "../../shared/photos.ts";
import type { Db } from "../db/database.ts";
import { profilePhotos, profiles } from "../db/schema.ts";
import type { ProcessedPhoto } from "./photo-processing.ts";

/**
 * The profile's photo becomes `photo`, as part of `tx`: its previous one goes (its URL answers 404
 * from then on) and img_url points at the new one's large size (`urlOf` its id). The new URL.
 */
export async function replacePhoto(
  tx: Db,
  profileId: string,
  photo: ProcessedPhoto,
  urlOf: (id: string) => string,
): Promise<string> {
  await tx.delete(profilePhotos).where(eq(profilePhotos.profileId, profileId));
  const [row] = await tx
    .insert(profilePhotos)
    .values({ profileId, small: photo.small, large: photo.large })
    .returning({ id: profilePhotos.id });
  if (!row) throw new Error("insert into profile_photos returned no row");
  const imgUrl = urlOf(row.id);
  await tx.update(profiles).set({ imgUrl }).where(eq(profiles.id, profileId));
  return imgUrl;
}

/** The profile has no photo any more and img_url is `imgUrl` (the generated avatar), as part of `tx`. */
export async function removePhoto(tx: Db, profileId: string, imgUrl: string): Promise<void> {
  await tx.delete(profilePhotos).where(eq(profilePhotos.profileId, profileId));
  await tx.update(profiles).set({ imgUrl }).where(eq(profiles.id, profileId));
}

/** The WebP bytes of photo `id` in `size`, or null when there is no such photo. */
export async function findPhoto(db: Db, id: string, size: PhotoSize): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: size === "small" ? profilePhotos.small : profilePhotos.large })
    .from(profilePhotos)
    .where(eq(profilePhotos.id, id))
    .limit(1);
  return row?.bytes ?? null;
}
