import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";

/** Up or down only: which database engine runs is nothing an anonymous caller needs to know. */
const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ state: z.enum(["up", "down"]) }),
});

/** Why an instance is not ready: still migrating, its database unreachable, or draining. */
export const NOT_READY_REASONS = ["migrating", "database-down", "draining"] as const;
export const readinessSchema = z.object({
  ready: z.boolean(),
  reason: z.enum(NOT_READY_REASONS).optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseUp = () =>
    app.database.ping().then(
      () => true,
      () => false,
    );

  app.get(
    "/health",
    // 503 is also the answer of a server shutting down, in the error shape (graceful-close.ts).
    { schema: { response: { 200: healthSchema, 503: z.union([healthSchema, apiErrorSchema]) } } },
    async (_request, reply) => {
      if (await databaseUp()) return { status: "ok" as const, database: { state: "up" as const } };
      return reply.status(503).send({ status: "degraded", database: { state: "down" } });
    },
  );

  // Liveness: the process answers. A database outage is no reason to restart it.
  app.get(
    "/health/live",
    { schema: { response: { 200: z.object({ live: z.literal(true) }) } } },
    async () => ({
      live: true as const,
    }),
  );

  // Readiness: send it traffic. Not while draining (SIGTERM) or while its database is unreachable.
  app.get(
    "/health/ready",
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      if (app.readiness.draining)
        return reply.status(503).send({ ready: false, reason: "draining" });
      if (!(await databaseUp())) {
        return reply.status(503).send({ ready: false, reason: "database-down" });
      }
      return { ready: true };
    },
  );
};
