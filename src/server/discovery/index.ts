/**
 * Links that travel (issue 33): the head tags of every page (a post's and a member's for link
 * previews, the generic ones otherwise), robots.txt and the sitemap. Used by the app only.
 */
export { linkPreviews } from "./link-previews.ts";
export { sitemapRoutes } from "./sitemap-routes.ts";
