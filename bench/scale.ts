/**
 * Latency flat with data (issue 21): the feed's page 1, 50 and 500 and a post search for a common
 * and a rare word, at 10,000, 100,000 and 1,000,000 posts, on the embedded database and on
 * PostgreSQL. Flat means page 500 costs what page 1 does and 1,000,000 posts what 10,000 do.
 *
 *   npx node bench/scale.ts [--sizes 10000,100000,1000000] [--databases pglite,postgres]
 *     [--requests 200] [--warmup 20] [--wrk-seconds 5] [--wrk-connections 10]
 *     [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--plans]
 *
 * For each database and size: a fresh database (a temporary DATA_DIR, or a scratch PostgreSQL
 * database, dropped afterwards) seeded by seed-data.ts with posts/10 members, posts/2 reviews and
 * posts/10 chat messages (at most 10,000: they are not read here), so 100,000 posts is seed.ts's
 * default; then the production server (`NODE_ENV=production`, log level warn). The feed's pages are
 * reached by following `nextCursor` from page 1, and each page is then asked for by its cursor.
 * Page 1 uncached: the cursor of a position after every post (year 9999), so the server reads the
 * same 20 newest posts through the same index walk as page 1, but not from its in-process cache of
 * the first page (`GET /api/articles` without a cursor is served from memory for 1 s).
 *
 * The server's deferred start work (the place list, read once it has been quiet for 1 s) is let run
 * before the first request. Each request: `--warmup` requests, then `--requests` sequential ones
 * from one client (keep-alive, this process): p50 and p99; then `wrk -t1 -c<wrk-connections> -d<wrk-seconds>s --latency`
 * (bench/wrk/route.lua):
 * requests/s and p99. After the server stops, the repository functions behind each request run once
 * more in this process through a recording Drizzle handle, and each query they send is explained
 * (EXPLAIN (ANALYZE, BUFFERS), the SQL as the repositories build it): database time and buffers per
 * request and size; `--plans` prints the plans.
 */
import http from "node:http";
import os from "node:os";
import type { Db } from "../src/server/db/database.ts";
import { decodeCursor, encodeCursor } from "../src/server/db/position-cursor.ts";
import { listPosts, type PostPosition } from "../src/server/posts/posts-repository.ts";
import { searchPosts } from "../src/server/search/search-repository.ts";
import { searchTextOf } from "../src/server/search/search-text.ts";
import { POSTS_PAGE_DEFAULT } from "../src/shared/posts.ts";
import { benchArgs, numberList, runMain, usage } from "./bench-kit.ts";
import { CORES, machineLine, percentile, printTable } from "./report.ts";
import { type Explained, explainRequest } from "./scale-explain.ts";
import { checkSizes, type SeedSizes } from "./seed-data.ts";
import { startAppServer } from "./servers.ts";
import {
  DATABASE_ARGS,
  databaseKinds,
  type DatabaseKind as Kind,
  DATABASE_LABEL as LABEL,
  reachableDatabases,
  seededStorage,
} from "./storage.ts";
import { runWrkRoute, type WrkResult } from "./wrk.ts";

const args = benchArgs({
  sizes: "10000,100000,1000000",
  ...DATABASE_ARGS,
  requests: 200,
  warmup: 20,
  "wrk-seconds": 5,
  "wrk-connections": 10,
  plans: false,
});
const postSizes = numberList(args.sizes);
const databases = databaseKinds(args.databases);
const { requests, warmup } = args;
const wrk = { threads: 1, connections: args["wrk-connections"], seconds: args["wrk-seconds"] };

/** Members, reviews and chat messages in seed.ts's proportions to the posts. */
function sizesFor(posts: number): SeedSizes {
  const users = Math.max(12, Math.round(posts / 10));
  return {
    users,
    posts,
    reviews: Math.min(Math.round(posts / 2), users * (users - 1)),
    messages: Math.min(10_000, Math.round(posts / 10)),
  };
}

usage(
  postSizes.map((posts) => checkSizes(sizesFor(posts))).find(Boolean) ??
    (postSizes.some((posts) => !(posts >= 1))
      ? "--sizes takes post counts, comma-separated"
      : null) ??
    (!(requests >= 1) || !(warmup >= 0) || !(wrk.seconds >= 1) || !(wrk.connections >= 1)
      ? "--requests, --wrk-seconds and --wrk-connections must be ≥ 1, --warmup ≥ 0"
      : null),
);

/** The feed pages measured, and the words searched (bench/search.ts: a detail word is rare). */
const PAGES = [1, 50, 500];
const WORDS = [
  { word: "help", note: "common: in most posts" },
  { word: "walnut", note: "rare: about 2.5% of posts" },
];
/** A position after every post: the cursor read of page 1, which the first-page cache never serves. */
const BEFORE_EVERYTHING: PostPosition = {
  createdAt: "9999-12-31T23:59:59.999999Z",
  id: 999_999_999_999_999,
};

// ── one client, sequential ──────────────────────────────────────────────────

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function getJson<T>(url: string): Promise<T> {
  const { status, body } = await get(url);
  if (status !== 200) throw new Error(`${url} answered ${status}: ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

async function sequential(url: string): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < warmup; i++) await get(url);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const { status } = await get(url);
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`${url} answered ${status} during the run`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

// ── the requests ────────────────────────────────────────────────────────────

type FeedPage = { articles: { id: number }[]; nextCursor: string | null };

type Measured = {
  /** Row name: the same at every size. */
  name: string;
  /** What this size actually measured when it differs (a small table ends before page 500). */
  note: string;
  path: string;
  /** The repository call behind the request, for EXPLAIN. */
  repository: (db: Db) => Promise<unknown>;
};

/** Follows nextCursor from page 1; the cursor that asks for each page of PAGES (or the last one). */
async function feedPages(base: string): Promise<Measured[]> {
  const cursors = new Map<number, string>();
  let cursor: string | null = null;
  let page = 1;
  const deepest = Math.max(...PAGES);
  let firstId = 0;
  while (true) {
    if (cursor) cursors.set(page, cursor);
    const query: string = cursor ? `?cursor=${cursor}` : "";
    const answer: FeedPage = await getJson<FeedPage>(`${base}/api/articles${query}`);
    if (page === 1) firstId = answer.articles[0]?.id ?? 0;
    if (page === deepest || !answer.nextCursor) break;
    cursor = answer.nextCursor;
    page++;
  }
  const last = page;
  const first = encodeCursor(BEFORE_EVERYTHING);
  const check = await getJson<FeedPage>(`${base}/api/articles?cursor=${first}`);
  if (check.articles[0]?.id !== firstId) {
    throw new Error("the cursor before every post does not give page 1");
  }
  return PAGES.map((wanted) => {
    const reached = Math.min(wanted, last);
    const pageCursor = reached === 1 ? first : (cursors.get(reached) ?? first);
    const after = decodeCursor(pageCursor);
    return {
      name:
        wanted === 1
          ? "`GET /api/articles` page 1 (uncached)"
          : `\`GET /api/articles\` page ${wanted}`,
      note: reached === wanted ? "" : `page ${reached}, the last`,
      path: `/api/articles?cursor=${pageCursor}`,
      repository: (db: Db) =>
        listPosts(db, { limit: POSTS_PAGE_DEFAULT + 1, now: new Date(), after }),
    };
  });
}

function searches(): Measured[] {
  return WORDS.map(({ word, note }) => ({
    name: `\`GET /api/search/posts?q=${word}\` (${note})`,
    note: "",
    path: `/api/search/posts?q=${encodeURIComponent(word)}`,
    repository: (db: Db) =>
      searchPosts(db, {
        now: new Date(),
        text: searchTextOf(word),
        centre: null,
        excludedAuthors: [],
        page: 1,
      }),
  }));
}

// ── one database at one size ────────────────────────────────────────────────

type Figures = {
  p50: number;
  p99: number;
  wrk: WrkResult;
  note: string;
  explained: Explained | null;
};

type SizeRun = {
  kind: Kind;
  posts: number;
  sizes: SeedSizes;
  seedSeconds: number;
  startSeconds: number;
  loadBefore: number;
  loadAfter: number;
  figures: Map<string, Figures>;
};

/** Longer than the server's quiet time before its deferred start work, plus that work. */
const QUIET_START_MS = 2_500;

const loadAverage = () => os.loadavg()[0] ?? 0;
const seconds = (since: number) => (performance.now() - since) / 1000;

async function measureSize(kind: Kind, posts: number): Promise<SizeRun> {
  const label = `${LABEL[kind]}, ${posts.toLocaleString("en")} posts`;
  const loadBefore = loadAverage();
  const sizes = sizesFor(posts);
  const { env, seeded, storage } = await seededStorage(kind, args["postgres-url"], sizes);
  const startedAt = performance.now();
  const server = await startAppServer(env, { healthyWithinMs: 600_000 });
  const startSeconds = seconds(startedAt);
  // The server reads its place list (~0.4 s, blocking) after 1 s without requests or 10 s after
  // start (src/server/when-quiet.ts): let it happen now, not under one of the measured requests.
  await new Promise((resolve) => setTimeout(resolve, QUIET_START_MS));
  const measured = [...(await feedPages(server.url)), ...searches()];
  const figures = new Map<string, Figures>();
  for (const request of measured) {
    const single = await sequential(`${server.url}${request.path}`);
    const loaded = await runWrkRoute(server.url, { method: "GET", path: request.path }, wrk);
    if (loaded.non2xx > 0 || loaded.socketErrors > 0) {
      process.exitCode = 1;
      console.error(
        `${label}: ${request.path} under wrk: ${loaded.non2xx} non-2xx, ${loaded.socketErrors} socket errors`,
      );
    }
    figures.set(request.name, { ...single, wrk: loaded, note: request.note, explained: null });
    console.error(
      `${label}: ${request.name} ${request.note} p50 ${single.p50.toFixed(2)} ms, p99 ${single.p99.toFixed(2)} ms; ` +
        `wrk ${Math.round(loaded.rps)} req/s, p99 ${loaded.p99Ms.toFixed(1)} ms`,
    );
  }
  await server.stop();

  await storage.use(async (database) => {
    for (const request of measured) {
      const explained = await explainRequest(database, request.repository);
      const entry = figures.get(request.name);
      if (entry) entry.explained = explained;
      if (args.plans) {
        console.log(
          `\n#### ${label}: ${request.name} ${request.note}\n\n\`\`\`\n${explained.plans.join("\n\n")}\n\`\`\``,
        );
      }
    }
  });
  return {
    kind,
    posts,
    sizes,
    seedSeconds: seeded.seconds,
    startSeconds,
    loadBefore,
    loadAfter: loadAverage(),
    figures,
  };
}

// ── tables ──────────────────────────────────────────────────────────────────

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const count = (value: number) => value.toLocaleString("en");

const requestNames = (runs: SizeRun[]) => [...(runs[0]?.figures.keys() ?? [])];

function printLatency(kind: Kind, runs: SizeRun[]): void {
  const sizes = `p50 ${count(runs.at(-1)?.posts ?? 0)} ÷ ${count(runs[0]?.posts ?? 0)}`;
  const header = runs.flatMap((run) => [
    `${count(run.posts)} posts: 1 client p50 / p99 ms`,
    `wrk req/s (p99 ms)`,
  ]);
  const rows = requestNames(runs).map((name) => {
    const cells = runs.map((run) => run.figures.get(name));
    const [first, last] = [cells[0], cells.at(-1)];
    const figures = cells.flatMap((f) =>
      f
        ? [
            `${ms(f.p50)} / ${ms(f.p99)}${f.note ? ` (${f.note})` : ""}`,
            `${count(Math.round(f.wrk.rps))} (${ms(f.wrk.p99Ms)})`,
          ]
        : ["—", "—"],
    );
    const growth = first && last ? `${(last.p50 / first.p50).toFixed(2)}×` : "—";
    return [LABEL[kind], name, ...figures, growth, CORES];
  });
  printTable(["database", "request", ...header, sizes, "cores"], rows);
}

function printExplained(kind: Kind, runs: SizeRun[]): void {
  const explainedIn = (run: SizeRun, name: string) => {
    const e = run.figures.get(name)?.explained;
    return e ? `${ms(e.executionMs)} (${count(e.hit)} + ${count(e.read)})` : "—";
  };
  printTable(
    [
      "database",
      "request",
      ...runs.map((run) => `${count(run.posts)} posts: ms (buffers hit + read)`),
    ],
    requestNames(runs).map((name) => [
      LABEL[kind],
      name,
      ...runs.map((run) => explainedIn(run, name)),
    ]),
  );
}

function printRuns(runs: SizeRun[]): void {
  printTable(
    [
      "database",
      "posts",
      "members",
      "reviews",
      "seeding s",
      "server start s",
      "load average at start / end",
    ],
    runs.map((run) => [
      LABEL[run.kind],
      count(run.posts),
      count(run.sizes.users),
      count(run.sizes.reviews),
      run.seedSeconds.toFixed(1),
      run.startSeconds.toFixed(1),
      `${run.loadBefore.toFixed(2)} / ${run.loadAfter.toFixed(2)}`,
    ]),
  );
}

await runMain(async () => {
  console.log(
    `Scale: ${requests} sequential requests after ${warmup} warm-up ones, then wrk -t1 -c${wrk.connections} ` +
      `-d${wrk.seconds}s, per request and size; ${machineLine()}`,
  );
  const kinds = await reachableDatabases(databases, args["postgres-url"]);
  const all: SizeRun[] = [];
  for (const kind of kinds) {
    const runs: SizeRun[] = [];
    for (const posts of postSizes) runs.push(await measureSize(kind, posts));
    all.push(...runs);
    console.log(`\n### ${LABEL[kind]}: latency\n`);
    printLatency(kind, runs);
    console.log(`\n### ${LABEL[kind]}: database time per request (EXPLAIN ANALYZE)\n`);
    printExplained(kind, runs);
  }
  console.log("\n### Runs\n");
  printRuns(all);
  console.log(`\nDone; ${machineLine()}`);
});
