import { performance } from "node:perf_hooks";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What this process counts, whichever app in it did the work (tests run several apps in one
 * process; a server runs one): Node's own figures (heap, RSS, event-loop lag, handles), the
 * event loop's utilisation, database query time, and the work of the mail, push and scheduled jobs.
 * Each app's `/metrics` answers these with its own (app-metrics.ts).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

let lastUtilization = performance.eventLoopUtilization();
new Gauge({
  name: "ylt_event_loop_utilization",
  help: "Share of the time since the last scrape the event loop was busy (0 to 1).",
  registers: [processRegistry],
  collect() {
    const now = performance.eventLoopUtilization();
    this.set(performance.eventLoopUtilization(now, lastUtilization).utilization);
    lastUtilization = now;
  },
});

const queryDuration = new Histogram({
  name: "ylt_db_query_duration_seconds",
  help: "Time from sending a database statement to its answer.",
  labelNames: ["database"],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [processRegistry],
});

/** Times `query` (a statement sent to `database`) into ylt_db_query_duration_seconds. */
export function timeQuery<T>(database: "pglite" | "postgres", query: Promise<T>): Promise<T> {
  const end = queryDuration.startTimer({ database });
  return query.finally(() => end());
}

const mails = new Counter({
  name: "ylt_mail_total",
  help: "Mails handed to the mail server (sent) or given up on (failed).",
  labelNames: ["outcome"],
  registers: [processRegistry],
});
const pushes = new Counter({
  name: "ylt_push_total",
  help: "Pushes accepted by a push service (sent) or given up on (failed).",
  labelNames: ["outcome"],
  registers: [processRegistry],
});
const jobs = new Counter({
  name: "ylt_jobs_run_total",
  help: "Runs of the scheduled jobs, by job and outcome (ok or failed).",
  labelNames: ["job", "outcome"],
  registers: [processRegistry],
});
const writeLimitRefusals = new Counter({
  name: "ylt_write_limit_refusals_total",
  help: "Writes refused because the account reached its write limit, by action.",
  labelNames: ["action"],
  registers: [processRegistry],
});

export type Outcome = "sent" | "failed";

export const countMail = (outcome: Outcome) => mails.inc({ outcome });
export const countPush = (outcome: Outcome) => pushes.inc({ outcome });
export const countJobRun = (job: string, outcome: "ok" | "failed") => jobs.inc({ job, outcome });
export const countWriteLimitRefusal = (action: string) => writeLimitRefusals.inc({ action });
