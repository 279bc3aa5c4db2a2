import { index, pgTable, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.ts";
import { profileRef } from "./references.ts";

/**
 * A profile's uploaded photo (issue 19), one row per upload, the bytes in the database so every
 * instance serves it on either engine (decision 013). `id` is random and in the URL, so a new photo
 * is a new address that may be cached for good; replacing or removing a photo deletes its row.
 */
export const profilePhotos = pgTable(
  "profile_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef("profile_id"),
    /** The square sizes (PHOTO_SIZES, shared/photos.ts), WebP, metadata stripped. */
    small: bytea("small").notNull(),
    large: bytea("large").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("profile_photos_profile_idx").on(t.profileId)],
);
