import type { FastifyInstance } from "fastify";
import { sharedPlugin } from "../http/shared-plugin.ts";
import { type Blocks, startBlocksCache } from "./blocks-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Who members blocked, kept by this instance (blocks-cache.ts): what their reads leave out. */
    blocks: Blocks;
  }
}

/**
 * What the blocks feature owns on the app: its cache of who blocked whom, hearing every instance's
 * changes from start to close. Registered on the app itself, before the features that read it
 * (posts, search, profiles, the live sockets).
 */
export const blocksPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const { blocks, stop } = await startBlocksCache(app.database);
  app.decorate("blocks", blocks);
  app.addHook("onClose", stop);
});
