import type { FastifyInstance } from "fastify";
import { pendingDeliveries } from "./deliveries-repository.ts";

/** The push outbox's backlog on /metrics. */
export function registerPushMetrics(app: FastifyInstance): void {
  app.metrics.gauge(
    "ylt_push_outbox_depth",
    "Pushes queued and not yet sent, skipped or given up.",
    () => pendingDeliveries(app.database.db),
  );
}
