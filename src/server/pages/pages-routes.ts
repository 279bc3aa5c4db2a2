import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SITE_PAGE_NAMES, SITE_PAGES, sitePageResponseSchema } from "../../shared/site-pages.ts";
import { readSitePage } from "./site-page-source.ts";

const paramsSchema = z.object({ name: z.enum(SITE_PAGE_NAMES as [string, ...string[]]) });

/** GET /api/pages/:name: About and Community guidelines, for everyone (issue 34). */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/pages/:name",
    { schema: { params: paramsSchema, response: { 200: sitePageResponseSchema } } },
    async ({ params }) => {
      const name = params.name as keyof typeof SITE_PAGES;
      const page = await readSitePage(app.config.dataDir, name);
      return { name, title: SITE_PAGES[name].title, ...page };
    },
  );
};
