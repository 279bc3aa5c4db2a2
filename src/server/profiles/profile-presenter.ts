import { canEditProfile, canSeeEmail, type PolicyActor } from "../../shared/policies.ts";
import type { ProfileDetail, PublicProfile } from "../../shared/profiles.ts";
import { averageRating } from "../../shared/reviews.ts";
import type { Responsiveness } from "../../shared/trust.ts";
import { presentArea } from "../places/index.ts";
import type { ReviewStats } from "../reviews/index.ts";
import type { ProfileRow, ProfileWithOwner } from "./profiles-repository.ts";
import { presentService } from "./service-presenter.ts";

/**
 * A profile as `viewer` (the viewer's own profile; null when signed out or before creating one) may
 * see it: the email only when canSeeEmail allows, and the owner's show-email choice only to them.
 */
export function presentProfile(row: ProfileWithOwner, viewer: PolicyActor): PublicProfile {
  const visible = canSeeEmail(viewer, row);
  return {
    username: row.username,
    email: visible ? row.email : null,
    email_hidden: !visible && row.email !== null,
    ...(canEditProfile(viewer, row) ? { show_email: row.showEmail, noindex: row.noindex } : {}),
    img_url: row.imgUrl,
    bio: row.bio,
    skills: row.skills,
    interests: row.interests,
    area: presentArea(row),
    service: presentService(row, viewer),
  };
}

/** The profile as its owner (`owner`: the identity) sees it (GET /api/me, POST /api/users). */
export function presentOwnProfile(
  row: ProfileRow,
  owner: { emailVerified: boolean },
): PublicProfile {
  return presentProfile({ ...row, emailVerified: owner.emailVerified }, row);
}

/**
 * The profile page's view: the profile as the viewer may see it, its review counts and average,
 * how its owner answers messages,
 * whether moderators hid it (the route answers a hidden one only to its owner and moderators) and
 * whether the viewer blocked its owner.
 */
export function presentProfileDetail(
  row: ProfileWithOwner,
  viewer: PolicyActor,
  stats: ReviewStats,
  responsiveness: Responsiveness | null,
  { blocked = false }: { blocked?: boolean } = {},
): ProfileDetail {
  return {
    ...presentProfile(row, viewer),
    review_count: stats.count,
    contact_backed_count: stats.contactBacked,
    average_rating: averageRating(stats.sum, stats.count),
    responsiveness,
    ...(row.hiddenAt !== null ? { hidden: true } : {}),
    ...(blocked ? { blocked: true } : {}),
  };
}
