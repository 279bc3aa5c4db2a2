/**
 * Read benchmark of the feed API on a seeded database (see seed-posts.ts): starts the real server
 * (`node src/server/main.ts`) on that data and measures, with plain fetch,
 *   - GET /api/articles              (first page: the 20 newest)
 *   - GET /api/articles?cursor=…     (a deep page, 90% of the way down)
 *   - GET /api/articles?topic=…      (first page of one topic)
 *   - GET /api/articles/:id          (one post)
 * each as a loop of sequential requests and as concurrent runs, and a bare node:http hello-world
 * measured the same way for the ratio DESIGN §6 uses. Prints p50/p99 latency and requests/s.
 *
 *   DATA_DIR=/tmp/ylt-bench node bench/articles-read.ts [--requests 2000] [--concurrency 10,100]
 *   DATABASE_URL=postgres://… node bench/articles-read.ts
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";
import { encodeCursor } from "../src/server/posts/article-cursor.ts";
import { freePort, startServer, waitForHealthy } from "../test/server-process.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "10,100" },
    warmup: { type: "string", default: "300" },
  },
});
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const concurrencies = values.concurrency.split(",").map(Number);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && !process.env.DATA_DIR) {
  console.error("Set DATA_DIR or DATABASE_URL to the seeded database (bench/seed-posts.ts).");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "");

/** Picks what the scenarios ask for before the server takes the (embedded) database. */
async function prepare(): Promise<{ count: number; deepCursor: string; id: number }> {
  const release = databaseUrl ? () => {} : lockDataDir(dataDir);
  const database: Database = databaseUrl
    ? await openPostgres(databaseUrl, 1)
    : await openPglite(dataDir);
  try {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [{ count = 0 } = {}] = await rows<{ count: number }>(
      sql`select count(*)::int as count from articles`,
    );
    if (count < 1000) throw new Error(`only ${count} posts: run bench/seed-posts.ts first`);
    const [deep] = await rows<{ created_at: string; id: number }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
             id::float8 as id
      from articles order by created_at desc, id desc offset ${Math.floor(count * 0.9)} limit 1`);
    if (!deep) throw new Error("no deep post found");
    return {
      count,
      deepCursor: encodeCursor({ createdAt: deep.created_at, id: Number(deep.id) }),
      id: Number(deep.id),
    };
  } finally {
    await database.close();
    release();
  }
}

type Result = { p50: number; p99: number; rps: number; bytes: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timed(url: string, check: (body: string) => void): Promise<[number, number]> {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  const elapsed = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  check(body);
  return [elapsed, body.length];
}

/** `total` requests over `concurrency` workers, each sending its next request when one returns. */
async function measure(
  url: string,
  check: (body: string) => void,
  total: number,
  concurrency: number,
): Promise<Result> {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const [ms, size] = await timed(url, check);
        latencies.push(ms);
        bytes = size;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: total / wall,
    bytes,
  };
}

function startHelloWorld(port: number) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { s.setHeader("content-type", "text/plain"); s.end("hello world"); }).listen(${port}, "127.0.0.1", () => console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise<typeof child>((resolve) => child.stdout?.once("data", () => resolve(child)));
}

const { count, deepCursor, id } = await prepare();
const server = startServer({
  PORT: String(await freePort()),
  NODE_ENV: "production",
  ALLOWED_HOSTS: "localhost", // production needs PUBLIC_ORIGIN or ALLOWED_HOSTS
  MAX_CONNECTIONS_PER_ADDRESS: "100000", // the load comes from one address
  LOG_LEVEL: "warn",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
});
const helloPort = await freePort();
const hello = await startHelloWorld(helloPort);

const isPage = (body: string) => {
  const page = JSON.parse(body) as { articles: unknown[] };
  if (page.articles.length !== 20)
    throw new Error(`expected 20 posts, got ${page.articles.length}`);
};
const scenarios: [string, string, (body: string) => void][] = [
  ["node:http hello world", `http://127.0.0.1:${helloPort}/`, () => {}],
  ["GET /api/articles (first page)", `${server.url}/api/articles`, isPage],
  [
    "GET /api/articles?cursor= (90% deep)",
    `${server.url}/api/articles?cursor=${deepCursor}`,
    isPage,
  ],
  ["GET /api/articles?topic=Cooking", `${server.url}/api/articles?topic=Cooking`, isPage],
  [`GET /api/articles/${id}`, `${server.url}/api/articles/${id}`, () => {}],
];

try {
  const startMs = await waitForHealthy(server);
  console.log(
    `${databaseUrl ? "PostgreSQL" : "PGlite"}: ${count} posts; server healthy in ${startMs} ms; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
  );
  console.log(`${requests} requests per run after ${warmup} warm-up requests; latency in ms.\n`);
  const header = ["scenario", "clients", "p50", "p99", "req/s", "% of node:http", "bytes"];
  const table: string[][] = [];
  const baseline = new Map<number, number>();
  // Warm every path (and the client) before measuring any, so the order of the runs matters less.
  for (const [, url, check] of scenarios) await measure(url, check, warmup, 10);
  for (const [name, url, check] of scenarios) {
    for (const concurrency of [1, ...concurrencies]) {
      const r = await measure(url, check, requests, concurrency);
      if (!baseline.has(concurrency)) baseline.set(concurrency, r.rps);
      const ratio = (100 * r.rps) / (baseline.get(concurrency) ?? r.rps);
      table.push([
        name,
        String(concurrency),
        r.p50.toFixed(2),
        r.p99.toFixed(2),
        r.rps.toFixed(0),
        `${ratio.toFixed(0)}%`,
        String(r.bytes),
      ]);
    }
  }
  const widths = header.map((h, i) =>
    Math.max(h.length, ...table.map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const row of table) console.log(line(row));
} finally {
  hello.kill();
  await server.stop();
}
