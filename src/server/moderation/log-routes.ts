import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { logQuerySchema, logResponseSchema } from "../../shared/moderation.ts";
import { readLog } from "./moderation-log.ts";
import { presentLogLine } from "./moderation-presenter.ts";

export const LOG_PAGE_SIZE = 50;

/** GET /api/moderation/log?before=<id>: newest first, a page at a time. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/moderation/log",
    { schema: { querystring: logQuerySchema, response: { 200: logResponseSchema } } },
    async (request) => {
      const lines = await readLog(app.database.db, {
        before: request.query.before,
        limit: LOG_PAGE_SIZE + 1,
      });
      const page = lines.slice(0, LOG_PAGE_SIZE);
      const last = page.at(-1);
      return {
        entries: page.map(presentLogLine),
        next_before: lines.length > LOG_PAGE_SIZE && last ? last.id : null,
      };
    },
  );
};
