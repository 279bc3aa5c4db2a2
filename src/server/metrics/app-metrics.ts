import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { processRegistry } from "./process-metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics (GET /metrics, health/metrics-plugin.ts); features add gauges. */
    metrics: AppMetrics;
  }
}

/** A figure read when scraped: one value, or one per label set. */
export type GaugeReading = number | readonly { labels: Record<string, string>; value: number }[];

/** One app's metrics: its requests, and the gauges its features add (queues, sockets, pool). */
export type AppMetrics = {
  /** Adds a gauge read at each scrape; `read` may query the database (keep it cheap). */
  gauge(
    name: string,
    help: string,
    read: () => GaugeReading | Promise<GaugeReading>,
    labelNames?: readonly string[],
  ): void;
  /** Counts one answered request (the metrics plugin's hook). */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** The process's metrics and this app's, in Prometheus' text format. */
  scrape(): Promise<{ contentType: string; text: string }>;
};

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: "http_requests_total",
    help: "Answered HTTP requests, by method, route (its pattern) and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route and status.",
    labelNames: ["method", "route", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    gauge(name, help, read, labelNames = []) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const reading = await read();
          this.reset();
          if (typeof reading === "number") this.set(reading);
          else for (const { labels, value } of reading) this.set(labels, value);
        },
      });
    },
    observeRequest({ method, route, status }, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    async scrape() {
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
