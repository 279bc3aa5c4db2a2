/** What the app and its parts use of the metrics: each app's registry, the process's counters. */
export { type AppMetrics, createAppMetrics, type GaugeReading } from "./app-metrics.ts";
export { registerDatabaseMetrics } from "./database-metrics.ts";
export {
  countJobRun,
  countMail,
  countPush,
  countWriteLimitRefusal,
  timeQuery,
} from "./process-metrics.ts";
