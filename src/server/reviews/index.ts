/**
 * What other features use of reviews: a profile's review count, rating sum and contact-backed count,
 * and which reviews count (profiles, search), hiding and restoring reviews and replies (moderation).
 */

export { countedReviewsSql } from "./counted-reviews-sql.ts";
export { setRepliesHidden, setReviewsHidden } from "./review-hiding.ts";
export { type ReviewStats, reviewStatsAbout, reviewStatsColumns } from "./reviews-repository.ts";
export { reviewsRoutes } from "./reviews-routes.ts";
