import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), state: z.enum(["up", "down"]) }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const kind = app.database.kind;
      try {
        await app.database.ping();
        return { status: "ok" as const, database: { kind, state: "up" as const } };
      } catch {
        return reply.status(503).send({ status: "degraded", database: { kind, state: "down" } });
      }
    },
  );
};
