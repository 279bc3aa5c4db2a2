import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { describe, expect, it } from "vitest";
import { memberCalls } from "../../../test/harness/member-calls.ts";
import { freePort } from "../../../test/harness/server-process.ts";
import { createTestApp, testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import { loadConfig } from "../config.ts";
import { WRITE_LIMIT_ENV } from "../limits/write-limit-rules.ts";

/**
 * Issue 35's `/metrics`: Prometheus' text format (read back with a parser of that format), never
 * public by accident (absent unless METRICS_TOKEN or METRICS_PORT is set, the token enforced), and
 * the figures the operators' dashboard and alerts read.
 */

const TOKEN = "a-long-metrics-token-for-tests";
// One post an hour, so that a second is a write-limit refusal.
const { writeLimits } = loadConfig({
  [WRITE_LIMIT_ENV.post.max]: "1",
  [WRITE_LIMIT_ENV.post.newAccountMax]: "1",
});
const t = testAppClosedAfterAll({ metrics: { token: TOKEN, port: undefined }, writeLimits });
const { member, call } = memberCalls(t);

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  t.app.inject({ method: "GET", url: "/metrics", headers });

async function families(): Promise<Map<string, MetricFamily>> {
  const res = await scrape();
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheusTextFormat(res.body).map((family) => [family.name, family]));
}

const sampleOf = (family: MetricFamily | undefined, labels: Record<string, string> = {}) =>
  Number(
    family?.metrics.find((metric) =>
      Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
    )?.value ?? Number.NaN,
  );

describe("GET /metrics", () => {
  it("is absent when neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("# TYPE");
    } finally {
      await plain.close();
    }
  });

  it("needs the token as a bearer token", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-of-some-length" },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("metrics-token-required");
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    }
  });

  it("counts requests by route pattern and status, with their durations", async () => {
    await t.app.inject({ method: "GET", url: "/api/articles/999999" });
    const metrics = await families();
    const requests = metrics.get("http_requests_total");
    expect(requests?.type).toBe("COUNTER");
    expect(
      sampleOf(requests, { route: "/api/articles/:article_id", status: "404", method: "GET" }),
    ).toBe(1);
    // One series per route, never per path.
    expect(requests?.metrics.some((metric) => metric.labels?.route?.includes("999999"))).toBe(
      false,
    );
    expect(metrics.get("http_request_duration_seconds")?.type).toBe("HISTOGRAM");
  });

  it("answers the process's figures: memory, event loop, database queries", async () => {
    const metrics = await families();
    for (const name of [
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "ylt_event_loop_utilization",
    ]) {
      expect(Number.isFinite(sampleOf(metrics.get(name))), name).toBe(true);
    }
    expect(metrics.get("ylt_db_query_duration_seconds")?.type).toBe("HISTOGRAM");
    // The parser drops a histogram's labels: the text says which database the statements ran on.
    const text = (await scrape()).body;
    const count = new RegExp(
      `^ylt_db_query_duration_seconds_count\\{database="${testDatabaseKind}"\\} (\\d+)$`,
      "m",
    );
    expect(Number(count.exec(text)?.[1])).toBeGreaterThan(0);
    if (testDatabaseKind === "postgres") {
      expect(sampleOf(metrics.get("ylt_db_pool_connections"), { state: "open" })).toBeGreaterThan(
        0,
      );
    } else {
      expect(metrics.has("ylt_db_pool_connections")).toBe(false);
    }
  });

  it("answers the queues: mail and push outboxes, the moderation queue, sockets", async () => {
    const metrics = await families();
    for (const name of [
      "ylt_mail_outbox_depth",
      "ylt_mail_outbox_oldest_age_seconds",
      "ylt_push_outbox_depth",
      "ylt_moderation_queue_size",
      "ylt_live_sockets",
    ]) {
      expect(metrics.get(name)?.type, name).toBe("GAUGE");
      expect(sampleOf(metrics.get(name)), name).toBeGreaterThanOrEqual(0);
    }
  });

  it("counts a report in the moderation queue and a refused write", async () => {
    const before = await families();
    const author = await member();
    const reporter = await member();
    const first = await call(author, "POST", "/api/articles", {
      title: "Bike repairs",
      topic: "Bikes",
      body: "Flat tyres fixed.",
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(author, "POST", "/api/articles", {
      title: "More repairs",
      topic: "Bikes",
      body: "Chains too.",
    });
    expect(second.statusCode).toBe(429);
    const reported = await call(reporter, "POST", "/api/reports", {
      target: { type: "post", id: String(first.json().article.id) },
      reason: "spam",
    });
    expect(reported.statusCode, reported.body).toBe(201);

    const after = await families();
    const refusals = (metrics: Map<string, MetricFamily>) =>
      sampleOf(metrics.get("ylt_write_limit_refusals_total"), { action: "post" }) || 0;
    expect(refusals(after) - refusals(before)).toBe(1);
    expect(sampleOf(after.get("ylt_moderation_queue_size"))).toBe(
      sampleOf(before.get("ylt_moderation_queue_size")) + 1,
    );
  });
});

describe("METRICS_PORT", () => {
  it("serves the metrics without a token on 127.0.0.1 only, and nothing else there", async () => {
    const port = await freePort();
    const own = await createTestApp({ metrics: { token: undefined, port } });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const names = parsePrometheusTextFormat(await res.text()).map((family) => family.name);
      expect(names).toContain("http_requests_total");
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      // The app's own port still has no /metrics without a token.
      expect((await own.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});
