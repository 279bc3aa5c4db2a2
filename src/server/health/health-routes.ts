import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";

/** Up or down only: which database engine runs is nothing an anonymous caller needs to know. */
const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ state: z.enum(["up", "down"]) }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    // 503 is also the answer of a server shutting down, in the error shape (graceful-close.ts).
    { schema: { response: { 200: healthSchema, 503: z.union([healthSchema, apiErrorSchema]) } } },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: "ok" as const, database: { state: "up" as const } };
      } catch {
        return reply.status(503).send({ status: "degraded", database: { state: "down" } });
      }
    },
  );
};
