import { eq } from "drizzle-orm";
import type { PhotoSize } from "../../shared/photos.ts";
import type { Db } from "../db/database.ts";
import { profilePhotos } from "../db/tables/photos.ts";
import { profiles } from "../db/tables/profiles.ts";
import { setProfileImgUrl } from "../profiles/index.ts";
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
  await setProfileImgUrl(tx, profileId, imgUrl);
  return imgUrl;
}

/** The profile has no photo any more and img_url is `imgUrl` (the generated avatar), as part of `tx`. */
export async function removePhoto(tx: Db, profileId: string, imgUrl: string): Promise<void> {
  await tx.delete(profilePhotos).where(eq(profilePhotos.profileId, profileId));
  await setProfileImgUrl(tx, profileId, imgUrl);
}

/** A stored photo in one size, with what decides who may see it: its owner's profile. */
export type StoredPhoto = { bytes: Buffer; ownerUserId: string; ownerHidden: boolean };

/** Photo `id` in `size` with its owner's account and whether moderators hid them; null when none. */
export async function findPhoto(db: Db, id: string, size: PhotoSize): Promise<StoredPhoto | null> {
  const [row] = await db
    .select({
      bytes: size === "small" ? profilePhotos.small : profilePhotos.large,
      ownerUserId: profiles.userId,
      hiddenAt: profiles.hiddenAt,
    })
    .from(profilePhotos)
    .innerJoin(profiles, eq(profiles.id, profilePhotos.profileId))
    .where(eq(profilePhotos.id, id))
    .limit(1);
  if (!row) return null;
  return { bytes: row.bytes, ownerUserId: row.ownerUserId, ownerHidden: row.hiddenAt !== null };
}
