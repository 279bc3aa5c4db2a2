import fs from "node:fs";
import path from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { ROOT } from "./harness/server-process.ts";
import { testAppClosedAfterAll } from "./harness/test-app.ts";
import { testDatabaseKind } from "./harness/test-database.ts";

/**
 * Issue 35: the Grafana dashboard and the Prometheus alerts in deploy/monitoring/ read only metrics
 * the server answers, so a renamed metric cannot leave a panel empty or an alert silent.
 */
const TOKEN = "a-long-metrics-token-for-tests";
const t = testAppClosedAfterAll({ metrics: { token: TOKEN, port: undefined } });
const folder = path.join(ROOT, "deploy/monitoring");

type Dashboard = { panels: { title: string; targets: { expr: string }[] }[] };
type Rules = { groups: { rules: { alert: string; expr: string; for: string }[] }[] };

const dashboard = JSON.parse(
  fs.readFileSync(path.join(folder, "grafana-dashboard.json"), "utf8"),
) as Dashboard;
const rules = parseYaml(
  fs.readFileSync(path.join(folder, "prometheus-rules.yml"), "utf8"),
) as Rules;

/** The metric names an expression reads (ours, Node's and the process's; not functions or labels). */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\b((?:ylt|http|nodejs|process)_[a-z0-9_]+)\b/g)].map(
    (match) => match[1] ?? "",
  );

async function servedNames(): Promise<Set<string>> {
  const res = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const names = new Set<string>();
  for (const family of parsePrometheusTextFormat(res.body)) {
    names.add(family.name);
    if (family.type === "HISTOGRAM") {
      for (const suffix of ["_bucket", "_count", "_sum"]) names.add(family.name + suffix);
    }
  }
  return names;
}

// PostgreSQL's pool has no counterpart on the embedded database.
const postgresOnly = new Set(["ylt_db_pool_connections"]);

describe("deploy/monitoring", () => {
  it("has a dashboard whose every panel reads metrics the server answers", async () => {
    const served = await servedNames();
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      const names = panel.targets.flatMap((target) => metricsIn(target.expr));
      expect(names.length, panel.title).toBeGreaterThan(0);
      for (const name of names) {
        if (testDatabaseKind === "pglite" && postgresOnly.has(name)) continue;
        expect(served, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });

  it("has alerts for a stuck outbox, the error rate and event-loop lag, on served metrics", async () => {
    const served = await servedNames();
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(["MailOutboxStuck", "HighErrorRate", "EventLoopLag"]),
    );
    for (const rule of alerts) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      for (const name of metricsIn(rule.expr))
        expect(served, `${rule.alert}: ${name}`).toContain(name);
    }
  });
});
