import type { ProfileDetail, PublicProfile } from "../../shared/profiles.ts";
import { averageRating } from "../../shared/reviews.ts";
import type { ProfileRow } from "./profiles-repository.ts";

export function presentProfile(row: ProfileRow): PublicProfile {
  return {
    username: row.username,
    email: row.email,
    img_url: row.imgUrl,
    bio: row.bio,
    skills: row.skills,
    interests: row.interests,
  };
}

/** The profile page's view: the public profile plus its review count and average rating. */
export function presentProfileDetail(
  row: ProfileRow,
  stats: { count: number; sum: number },
): ProfileDetail {
  return {
    ...presentProfile(row),
    review_count: stats.count,
    average_rating: averageRating(stats.sum, stats.count),
  };
}
