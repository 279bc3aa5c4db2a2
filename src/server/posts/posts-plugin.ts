import type { FastifyInstance } from "fastify";
import { sharedPlugin } from "../http/shared-plugin.ts";
import { createPostCache, type PostCache } from "./post-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's posts in memory (post-cache.ts): the feed's first pages and post pages. */
    postCache: PostCache;
  }
}

/**
 * What the posts feature owns on the app: its cache, hearing other instances' changes from start
 * to close. Registered on the app itself, so the routes (posts-routes.ts) and the tests reach it as
 * `app.postCache`.
 */
export const postsPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const cache = createPostCache(app.database);
  await cache.start();
  app.decorate("postCache", cache);
  app.addHook("onClose", () => cache.stop());
});
