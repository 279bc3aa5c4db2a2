import { eq } from "drizzle-orm";
import { profiles } from "../db/tables/profiles.ts";
import { hiderOf } from "../visibility/index.ts";

/** Moderators hide or restore profiles (decision 010); read uncached: nothing to announce. */
export const setProfilesHidden = hiderOf<string>({
  table: profiles,
  key: profiles.id,
  authorIs: (userId) => eq(profiles.userId, userId),
});
