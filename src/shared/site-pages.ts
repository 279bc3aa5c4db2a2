import { z } from "zod";

/**
 * The site's own pages (issue 34): what the operator may reword without a rebuild, as Markdown in
 * DATA_DIR/pages/<name>.md. Their addresses and titles are fixed, so the footer and the report
 * dialog link to them whatever they say.
 */
export const SITE_PAGES = {
  about: { path: "/about", title: "About" },
  guidelines: { path: "/guidelines", title: "Community guidelines" },
} as const;
export type SitePageName = keyof typeof SITE_PAGES;
export const SITE_PAGE_NAMES = Object.keys(SITE_PAGES) as SitePageName[];

/** GET /api/pages/:name: the page's Markdown as safe HTML (raw HTML in it is shown as text). */
export const sitePageResponseSchema = z.object({
  name: z.enum(SITE_PAGE_NAMES as [SitePageName, ...SitePageName[]]),
  title: z.string(),
  html: z.string(),
  /** Whether the operator replaced the shipped text (a file in DATA_DIR/pages). */
  custom: z.boolean(),
});
export type SitePage = z.infer<typeof sitePageResponseSchema>;
