import type { FastifyInstance } from "fastify";

/** PostgreSQL's pool use on /metrics (the embedded database has no pool). */
export function registerDatabaseMetrics(app: FastifyInstance): void {
  const poolUse = app.database.poolUse;
  if (!poolUse) return;
  app.metrics.gauge(
    "ylt_db_pool_connections",
    "PostgreSQL pool connections by state (open, idle) and requests waiting for one.",
    () => {
      const { total, idle, waiting } = poolUse();
      return [
        { labels: { state: "open" }, value: total },
        { labels: { state: "idle" }, value: idle },
        { labels: { state: "waiting" }, value: waiting },
      ];
    },
    ["state"],
  );
}
