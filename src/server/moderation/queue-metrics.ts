import type { FastifyInstance } from "fastify";
import { countOpenItems } from "./queue-repository.ts";

/** The moderation queue's size on /metrics: reported items waiting for a moderator. */
export function registerQueueMetrics(app: FastifyInstance): void {
  app.metrics.gauge(
    "ylt_moderation_queue_size",
    "Reported items with open reports, waiting for a moderator.",
    () => countOpenItems(app.database.db),
  );
}
