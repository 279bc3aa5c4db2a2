/**
 * API ratio (DESIGN §6, issue 7): in one run, a bare node:http hello-world, a bare Fastify route
 * and our API's reads and one write, each a real server process, loaded by autocannon from this
 * process at 100 connections: requests/s, p50 and p99, and the percentage of node:http.
 * Runs on the embedded database (a temporary DATA_DIR) and on PostgreSQL (a scratch database
 * created on the server of --postgres-url and dropped afterwards), each seeded with realistic data.
 *
 *   npx node bench/api-ratio.ts [--duration 10] [--warmup 1] [--connections 100]
 *     [--databases pglite,postgres] [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--users 10000 --posts 100000 --reviews 50000 --messages 10000] [--log-level info]
 *     [--cpu-prof <dir>]   (a CPU profile of each API server; read it with bench/profile-top.ts)
 *
 * Requests carry a signed-in session cookie, as a browser's do; the write also carries the
 * Origin and Sec-Fetch-Site headers the CSRF check reads.
 */
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import {
  LOAD_ARGS,
  type LoadOptions,
  type LoadResult,
  load,
  loadArgsProblem,
  loadProblems,
} from "./autocannon.ts";
import { benchArgs, runMain, usage } from "./bench-kit.ts";
import { CORES, machineLine, markdownHeader, markdownRow } from "./report.ts";
import { checkSizes, FULL_SIZES, type SeedResult, sizesFrom } from "./seed-data.ts";
import { cpuProfileArgs, startAppServer, startHello } from "./servers.ts";
import { DATABASE_ARGS, type DatabaseKind, databasesOf, seededStorage, signUp } from "./storage.ts";

const args = benchArgs({
  ...LOAD_ARGS,
  ...DATABASE_ARGS,
  ...FULL_SIZES,
  "log-level": "info",
  "cpu-prof": null,
});
const { duration, warmup, connections } = args;
const sizes = sizesFrom(args);
usage(checkSizes(sizes) ?? loadArgsProblem(args));
const databases = databasesOf(args);

type Budget = { minRatio: number; maxP99?: number };
type Scenario = {
  name: string;
  /** What the request reads, when the path alone does not say. */
  note?: string;
  options: Omit<LoadOptions, "connections" | "duration">;
  /** Checks one answer before the load starts, so a broken route is not measured as fast. */
  check: (status: number, body: string) => string | null;
  budget?: Budget;
};

const COLUMNS = [
  "database",
  "request",
  "req/s",
  "p50 ms",
  "p99 ms",
  "% of node:http",
  "budget",
  "met",
  "cores",
];

let nodeHttpRps = 0;
let failed = false;

function budgetText(budget: Budget | undefined): string {
  if (!budget) return "";
  const p99 = budget.maxP99 ? `, p99 < ${budget.maxP99} ms` : "";
  return `≥ ${budget.minRatio}%${p99}`;
}

function report(database: string, scenario: Scenario, r: LoadResult): void {
  const ratio = nodeHttpRps > 0 ? (100 * r.rps) / nodeHttpRps : 100;
  const { budget } = scenario;
  const met = budget
    ? ratio >= budget.minRatio && (!budget.maxP99 || r.p99 < budget.maxP99)
      ? "yes"
      : "no"
    : "";
  const problems = loadProblems(r);
  if (problems.length > 0) failed = true;
  console.log(
    markdownRow([
      database,
      `\`${scenario.name}\`${scenario.note ? ` (${scenario.note})` : ""}`,
      Math.round(r.rps),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      `${ratio.toFixed(0)}%`,
      budgetText(budget),
      problems.length > 0 ? `no (${problems.join(", ")})` : met,
      CORES,
    ]),
  );
}

async function measure(base: string, database: string, scenario: Scenario): Promise<LoadResult> {
  const { url, method = "GET", headers, body } = scenario.options;
  const target = `${base}${url}`;
  const response = await fetch(target, { method, headers, body });
  const problem = scenario.check(response.status, await response.text());
  if (problem) throw new Error(`${method} ${url} before the load: ${problem}`);
  const options = { ...scenario.options, url: target, connections };
  if (warmup > 0) await load({ ...options, duration: warmup });
  const result = await load({ ...options, duration });
  report(database, scenario, result);
  return result;
}

const hello: Scenario["check"] = (status, body) =>
  status === 200 && body === '{"hello":"world"}' ? null : `answered ${status} ${body}`;

async function baselines(): Promise<void> {
  for (const [kind, name] of [
    ["node", "node:http hello world"],
    ["fastify", "Fastify bare route"],
  ] as const) {
    const server = await startHello(kind);
    const result = await measure(server.url, "—", { name, options: { url: "/" }, check: hello });
    if (kind === "node") nodeHttpRps = result.rps;
    await server.stop();
  }
}

function apiScenarios(
  base: string,
  cookie: string,
  seeded: SeedResult,
  secondPage: string,
): Scenario[] {
  const read = { accept: "application/json", cookie };
  const json = (status: number, body: string, expected: number, test: (v: never) => boolean) => {
    if (status !== expected) return `answered ${status} ${body.slice(0, 200)}`;
    return test(JSON.parse(body) as never) ? null : `unexpected body ${body.slice(0, 200)}`;
  };
  const pageSize = Math.min(20, seeded.sizes.posts);
  const { first, last } = seeded.postIds;
  const isPage = (s: number, b: string) =>
    json(s, b, 200, (v: { articles: unknown[] }) => v.articles.length === pageSize);
  return [
    {
      name: "GET /api/articles/:id",
      note: "one post, read again and again",
      options: { url: `/api/articles/${seeded.postId}`, headers: read },
      check: (s, b) =>
        json(s, b, 200, (v: { article: { id: number } }) => v.article.id === seeded.postId),
      budget: { minRatio: 35, maxP99: 25 },
    },
    {
      name: "GET /api/articles/:id",
      note: `random of ${last - first + 1} posts`,
      options: {
        url: `/api/articles/${first}`,
        headers: read,
        path: () => `/api/articles/${first + Math.floor(Math.random() * (last - first + 1))}`,
      },
      check: (s, b) => json(s, b, 200, (v: { article: { id: number } }) => v.article.id === first),
      budget: { minRatio: 35, maxP99: 25 },
    },
    {
      name: "GET /api/articles",
      note: "first page, 20 newest",
      options: { url: "/api/articles", headers: read },
      check: isPage,
      budget: { minRatio: 25 },
    },
    {
      name: "GET /api/articles?cursor=",
      note: "second page",
      options: { url: secondPage, headers: read },
      check: (s, b) => (pageSize < 20 ? null : isPage(s, b)),
      budget: { minRatio: 25 },
    },
    {
      name: "GET /api/users/username/:username",
      options: { url: `/api/users/username/${seeded.username}`, headers: read },
      check: (s, b) =>
        json(s, b, 200, (v: { user: { username: string } }) => v.user.username === seeded.username),
    },
    {
      name: "GET /api/reviews?created_about=",
      options: { url: `/api/reviews?created_about=${seeded.username}`, headers: read },
      check: (s, b) =>
        json(
          s,
          b,
          200,
          (v: { reviews: unknown[] }) =>
            v.reviews.length > 0 || seeded.sizes.reviews < seeded.sizes.users,
        ),
    },
    {
      name: "POST /api/articles",
      options: {
        url: "/api/articles",
        method: "POST",
        headers: {
          ...read,
          "content-type": "application/json",
          origin: base,
          "sec-fetch-site": "same-origin",
        },
        body: JSON.stringify({
          title: "Looking for a plumber this weekend",
          topic: "Plumbing",
          body: "The kitchen tap drips and the sink drains slowly. Anyone nearby with tools and an hour to spare? I can pay a fair price or return the favour with some help in the garden.",
        }),
      },
      check: (s, b) => json(s, b, 201, (v: { article: { id: number } }) => v.article.id > 0),
    },
  ];
}

async function apiRun(kind: DatabaseKind, label: string): Promise<void> {
  const { env, seeded } = await seededStorage(kind, databases.adminUrl, sizes);
  const server = await startAppServer(
    { ...env, ...liftedWriteLimitEnv(), LOG_LEVEL: args["log-level"] }, // one account posts the whole load
    { nodeArgs: cpuProfileArgs(args["cpu-prof"]) },
  );
  const cookie = await signUp(server.url);
  const firstPage = (await (await fetch(`${server.url}/api/articles`)).json()) as {
    nextCursor: string | null;
  };
  const secondPage = `/api/articles?cursor=${encodeURIComponent(firstPage.nextCursor ?? "")}`;
  for (const scenario of apiScenarios(server.url, cookie, seeded, secondPage)) {
    await measure(server.url, label, scenario);
  }
  await server.stop();
}

await runMain(async () => {
  console.log(
    `API ratio: ${connections} connections, ${duration} s per request after ${warmup} s warm-up; ${machineLine()}`,
  );
  console.log("");
  console.log(markdownHeader(COLUMNS));
  await baselines();
  await databases.forEach(apiRun);
  console.log(`\nDone; ${machineLine()}`);
  if (failed) {
    process.exitCode = 1;
    console.error("Some requests failed (see the met column).");
  }
});
