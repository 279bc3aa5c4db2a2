import { roundedDistanceKm } from "../../shared/places.ts";
import { averageRating } from "../../shared/reviews.ts";
import type { PersonSearchResult, PostSearchResult } from "../../shared/search.ts";
import { presentArea } from "../places/index.ts";
import { presentPost } from "../posts/index.ts";
import { excerptPieces, highlightedText, leadingExcerpt, unmarkedText } from "./highlight.ts";
import type { PersonHit, PostHit } from "./search-repository.ts";

/** Rounded km, only when the search had a centre and the row an area. */
function distanceOf(row: { distanceMeters?: number | null }): { distance_km?: number } {
  return row.distanceMeters === undefined || row.distanceMeters === null
    ? {}
    : { distance_km: roundedDistanceKm(row.distanceMeters) };
}

export function presentPostHit(row: PostHit): PostSearchResult {
  return {
    ...presentPost(row),
    title_highlight:
      row.titleMarked === null ? unmarkedText(row.title) : highlightedText(row.titleMarked),
    excerpt:
      row.bodyMarked === null ? leadingExcerpt(row.body) : excerptPieces(row.bodyMarked, row.body),
  };
}

export function presentPersonHit(row: PersonHit): PersonSearchResult {
  return {
    username: row.username,
    img_url: row.imgUrl,
    skills: row.skills,
    area: presentArea(row),
    ...distanceOf(row),
    username_highlight:
      row.usernameMarked === null
        ? unmarkedText(row.username)
        : highlightedText(row.usernameMarked),
    bio_excerpt:
      row.bioMarked === null ? leadingExcerpt(row.bio) : excerptPieces(row.bioMarked, row.bio),
    review_count: row.reviewCount,
    average_rating: averageRating(row.ratingSum, row.reviewCount),
  };
}
