import { escapeHtml } from "../http/escape-html.ts";
import type { SitemapEntry } from "./public-pages-repository.ts";

/** The sitemaps protocol's XML (sitemaps.org): an index of pages, and a page of addresses. */
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A sitemap index naming each page's absolute address. */
export function sitemapIndexXml(pageUrls: readonly string[]): string {
  const pages = pageUrls.map((url) => `  <sitemap><loc>${escapeHtml(url)}</loc></sitemap>`);
  return [HEADER, `<sitemapindex xmlns="${NAMESPACE}">`, ...pages, "</sitemapindex>", ""].join(
    "\n",
  );
}

/** A page of addresses: `urlOf` an entry's key, with the day it last changed. */
export function urlSetXml(
  entries: readonly SitemapEntry[],
  urlOf: (key: string) => string,
): string {
  const urls = entries.map(
    ({ key, lastModified }) =>
      `  <url><loc>${escapeHtml(urlOf(key))}</loc><lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod></url>`,
  );
  return [HEADER, `<urlset xmlns="${NAMESPACE}">`, ...urls, "</urlset>", ""].join("\n");
}
