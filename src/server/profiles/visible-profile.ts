import { canEditProfile } from "../../shared/policies.ts";
import { storedUsername } from "../../shared/profiles.ts";
import type { Viewer, ViewerWithProfile } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { maySeeProfile, viewerAccount } from "../visibility/index.ts";
import {
  findProfileByUsername,
  type ProfileRow,
  type ProfileWithOwner,
} from "./profiles-repository.ts";

/**
 * The profile named `username` as `viewer` may find it: one hidden by moderators exists only for
 * its owner and moderators (visibility/ maySeeProfile); for anyone else it is not there.
 */
export function visibleProfile(
  profile: ProfileWithOwner | null,
  username: string,
  viewer: Pick<Viewer, "identity" | "moderator"> | null,
): ProfileWithOwner {
  const reader = viewerAccount(viewer);
  if (
    !profile ||
    !maySeeProfile(reader, { userId: profile.userId, hidden: profile.hiddenAt !== null })
  ) {
    throw notFound(`There is no user named "${username}".`);
  }
  return profile;
}

/**
 * The viewer's own profile when it is the one named `username`; otherwise 404 when the named one
 * does not exist for them (visibleProfile), else 403 forbidden with `refusal`.
 */
export async function requireOwnProfile(
  db: Db,
  viewer: ViewerWithProfile,
  username: string,
  refusal: string,
): Promise<ProfileRow> {
  if (canEditProfile(viewer.profile, { username: storedUsername(username) })) return viewer.profile;
  visibleProfile(await findProfileByUsername(db, username), username, viewer);
  throw forbidden(refusal);
}
