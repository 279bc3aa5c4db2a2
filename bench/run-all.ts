/**
 * `npm run bench`: the benchmarks of DESIGN §6's budgets in turn, each in its own process with its
 * defaults, so one's servers and memory never weigh on the next. Benchmarks that are not in this
 * checkout are skipped; a failed one does not stop the others, but makes the run fail at the end.
 *
 *   npx node bench/run-all.ts [--only api-ratio,start-time]
 *
 * --only also takes the reliability benchmarks of issue 8 (mixed-load, chat-jitter, auth-timing)
 * and the direct-message latency of issue 17 (dm-latency).
 * Each prints its own markdown table; run them alone for their options (see bench/README.md).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const BUDGETS = [
  "api-ratio",
  "start-time",
  "chat-fanout",
  "chat-idle-sockets",
  "frontend",
  "lighthouse",
];
const BENCHMARKS = [
  ...BUDGETS,
  "mixed-load",
  "chat-jitter",
  "auth-timing",
  "dm-latency",
  // Issue 21: against the floor (≈ 30 min), chat CPU against bare ws, latency with data size.
  "api-floor",
  "chat-cpu",
  "scale",
];

const { values } = parseArgs({ options: { only: { type: "string" } } });
const only = values.only?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !BENCHMARKS.includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; known: ${BENCHMARKS.join(", ")}`);
  process.exit(1);
}

const outcomes: string[] = [];
for (const name of only ?? BUDGETS) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (!fs.existsSync(file)) {
    outcomes.push(`${name}: not in this checkout, skipped`);
    continue;
  }
  const [load] = os.loadavg();
  console.log(`\n## ${name} (load average ${load?.toFixed(2)})\n`);
  const began = performance.now();
  const result = spawnSync(process.execPath, [file], { stdio: "inherit" });
  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  const ok = result.status === 0;
  outcomes.push(
    `${name}: ${ok ? "done" : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`,
  );
  if (!ok) process.exitCode = 1;
}
console.log(`\n${outcomes.join("\n")}`);
