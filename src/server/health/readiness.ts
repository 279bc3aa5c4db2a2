import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Whether this instance should get new traffic (GET /api/health/ready); see readiness.ts. */
    readiness: Readiness;
  }
}

export type Readiness = {
  readonly draining: boolean;
  /** From now on the instance says it is not ready, while it still serves (SIGTERM's drain). */
  drain(): void;
};

/** `app.readiness`: ready until drained. The database's state is asked at each probe. */
export const readinessPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  app.decorate("readiness", {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  });
});
