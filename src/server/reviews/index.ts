/**
 * What other features use of reviews: a profile's review count and rating sum (profiles), hiding and
 * restoring reviews and replies (moderation).
 */
export { setRepliesHidden, setReviewsHidden } from "./review-hiding.ts";
export { type ReviewStats, reviewStatsAbout } from "./reviews-repository.ts";
export { reviewsRoutes } from "./reviews-routes.ts";
