import { roundedDistanceKm } from "../../shared/places.ts";
import type { Post } from "../../shared/posts.ts";
import { rateFromStored } from "../../shared/service-details.ts";
import { avatarPath } from "../avatars/index.ts";
import { presentArea } from "../places/index.ts";
import type { PostRow } from "./posts-repository.ts";

/** The author's photo; none for the generated avatar (the web draws the same initials itself). */
function authorPhoto({ authorImgUrl, username }: PostRow): string | null {
  return authorImgUrl && authorImgUrl !== avatarPath(username) ? authorImgUrl : null;
}

/**
 * A post as answered: `distanceMeters` (present only when the request had a distance centre) becomes
 * the rounded `distance_km`; null there (a post without an area) leaves it out. `edited_at` and
 * `filled_at` only when set, `expired` only when true (lists that show expired posts read it), and so
 * is `author_img_url`: only for an uploaded or Google photo (a card then makes no request for a
 * generated avatar). `author_rate` only when the author set one.
 */
export function presentPost(row: PostRow & { distanceMeters?: number | null }): Post {
  const photo = authorPhoto(row);
  const rate = row.authorRate ? rateFromStored(row.authorRate) : null;
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    body: row.body,
    username: row.username,
    created_at: row.createdAt,
    type: row.kind,
    area: presentArea(row),
    ...(row.distanceMeters != null ? { distance_km: roundedDistanceKm(row.distanceMeters) } : {}),
    ...(row.editedAt ? { edited_at: row.editedAt } : {}),
    ...(row.filledAt ? { filled_at: row.filledAt } : {}),
    expires_at: row.expiresAt,
    ...(row.expired ? { expired: true } : {}),
    ...(photo ? { author_img_url: photo } : {}),
    ...(rate ? { author_rate: rate } : {}),
  };
}
