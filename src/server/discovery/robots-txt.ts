/**
 * robots.txt (issue 33): the public pages may be crawled; the API, the member-only and one-click
 * pages not (nothing there is for a search engine); the sitemap is named with its absolute address.
 */
export function robotsTxt(origin: string): string {
  const closed = [
    "/api/",
    "/settings",
    "/notifications",
    "/moderation",
    "/chatapp",
    "/createYourUser",
    "/userProfile",
    "/unsubscribe",
    "/post-link",
    "/reset-password",
    "/verify-email",
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...closed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
