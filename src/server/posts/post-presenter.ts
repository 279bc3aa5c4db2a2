import { roundedDistanceKm } from "../../shared/places.ts";
import type { Post } from "../../shared/posts.ts";
import { presentArea } from "../places/index.ts";
import type { PostRow } from "./posts-repository.ts";

/**
 * A post as answered: `distanceMeters` (present only when the request had a distance centre) becomes
 * the rounded `distance_km`; null there (a post without an area) leaves it out. `edited_at` and
 * `filled_at` only when set.
 */
export function presentPost(row: PostRow & { distanceMeters?: number | null }): Post {
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
  };
}
