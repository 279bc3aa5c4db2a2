/** What other features use of reviews: a profile's review count and rating sum. */
export { type ReviewStats, reviewStatsAbout } from "./reviews-repository.ts";
