import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createReadCache } from "../db/read-cache.ts";
import { eventBusOf } from "../events/index.ts";
import { notFound } from "../http/app-error.ts";
import { ownOrigin } from "../http/own-origin.ts";
import { countListed, listedPosts, listedProfiles } from "./public-pages-repository.ts";
import { robotsTxt } from "./robots-txt.ts";
import { sitemapIndexXml, urlSetXml } from "./sitemap-xml.ts";

/**
 * How long an instance keeps a sitemap page: a crawler's visits cost one read a minute at most.
 * Hides, restores, new or changed posts and a member's noindex choice forget them at once (events).
 */
export const SITEMAP_TTL_MS = 60_000;

const SITEMAP_EVENTS = [
  "post.changed",
  "feed.changed",
  "everything.changed",
  "moderation.decided",
  "profile.indexing-changed",
] as const;

const KINDS = {
  posts: { list: listedPosts, path: (key: string) => `/articles/${key}` },
  profiles: { list: listedProfiles, path: (key: string) => `/user/${encodeURIComponent(key)}` },
} as const;
type Kind = keyof typeof KINDS;

const pageParams = z.object({ file: z.string().max(40) });
const PAGE_FILE = /^(posts|profiles)-([1-9][0-9]{0,5})\.xml$/;

/**
 * robots.txt, /sitemap.xml (an index of pages) and /sitemaps/{posts|profiles}-{n}.xml (issue 33):
 * public posts and profiles of members who did not opt out, SITEMAP_PAGE_SIZE a page, each kept
 * SITEMAP_TTL_MS by this instance.
 */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageSize = app.config.sitemapPageSize;
  const cache = createReadCache<string, string | null>({ ttlMs: SITEMAP_TTL_MS, maxEntries: 100 });
  const unsubscribe = await eventBusOf(app.database).subscribe({
    types: SITEMAP_EVENTS,
    on: () => cache.clear(),
    onResync: () => cache.clear(),
  });
  app.addHook("onClose", () => unsubscribe());
  const { db } = app.database;
  const pagesOf = (count: number) => Math.max(1, Math.ceil(count / pageSize));

  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(robotsTxt(ownOrigin(request))),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const origin = ownOrigin(request);
    const xml = await cache.get(`${origin} index`, async () => {
      const counts = await countListed(db, app.clock.now());
      const urls = (Object.keys(KINDS) as Kind[]).flatMap((kind) =>
        Array.from(
          { length: pagesOf(counts[kind]) },
          (_, index) => `${origin}/sitemaps/${kind}-${index + 1}.xml`,
        ),
      );
      return sitemapIndexXml(urls);
    });
    return reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=60")
      .send(xml);
  });

  app.get(
    "/sitemaps/:file",
    { schema: { hide: true, params: pageParams } },
    async (request, reply) => {
      const match = PAGE_FILE.exec(request.params.file);
      if (!match) throw notFound("There is no such sitemap page.");
      const kind = match[1] as Kind;
      const page = Number(match[2]);
      const origin = ownOrigin(request);
      const xml = await cache.get(`${origin} ${kind}-${page}`, async () => {
        const entries = await KINDS[kind].list(db, app.clock.now(), page, pageSize);
        // Past the last page (an empty first page is still the list's page).
        if (entries.length === 0 && page > 1) return null;
        return urlSetXml(entries, (key) => `${origin}${KINDS[kind].path(key)}`);
      });
      if (xml === null) throw notFound("There is no such sitemap page.");
      return reply
        .type("application/xml; charset=utf-8")
        .header("Cache-Control", "public, max-age=60")
        .send(xml);
    },
  );
};
