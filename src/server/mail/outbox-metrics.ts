import type { FastifyInstance } from "fastify";
import { outboxBacklog } from "./outbox.ts";

/** The outbox's backlog on /metrics: mails waiting, and how long the oldest has waited. */
export function registerOutboxMetrics(app: FastifyInstance): void {
  const backlog = () => outboxBacklog(app.database.db, app.clock.now());
  app.metrics.gauge(
    "ylt_mail_outbox_depth",
    "Mails queued and not yet sent or given up.",
    async () => (await backlog()).depth,
  );
  app.metrics.gauge(
    "ylt_mail_outbox_oldest_age_seconds",
    "How long the oldest queued mail has waited (0: none waits).",
    async () => (await backlog()).oldestAgeSeconds,
  );
}
