/**
 * Search benchmark (issue 18): GET /api/search/posts and /api/search/people on seeded data, with
 * and without a distance filter, beside the uncached post read (GET /api/articles/:id of posts not
 * in the server's cache) in the same run, on the embedded database and on PostgreSQL, at two sizes
 * of the posts table (10,000 and 100,000 posts; 10,000 people both times) to show the latency stays
 * flat as posts grow. Index sizes of the search, trigram and area indexes are printed per database.
 *
 *   npx node bench/search.ts [--duration 10] [--warmup 1] [--connections 100]
 *     [--databases pglite,postgres] [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--users 10000] [--post-sizes 10000,100000] [--reviews 50000] [--messages 10000]
 *
 * Each request is measured twice with autocannon from this process: one connection (a single user:
 * p50/p99, budget p99 ≤ 50 ms) and `--connections` (req/s, p50/p99). Searches are signed out, as is
 * the post read they are compared with; each request picks one of a set of realistic queries (a
 * service, a rare detail, two words, a town, a prefix, a typo). The distance filter is
 * `within=25&near=<Cambridge>`, the middle of the seeded towns (bench/seed-data.ts); the town-aware
 * ranking of issue 33 is `near=<Cambridge>` alone (every match ranked by its distance too, and the
 * newest matches near the town added to the newest ones).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/database.ts";
import { LOAD_ARGS, type LoadResult, load, loadArgsProblem, loadProblems } from "./autocannon.ts";
import { benchArgs, numberList, runMain, usage } from "./bench-kit.ts";
import { CORES, machineLine, markdownHeader, markdownRow } from "./report.ts";
import { checkSizes, type SeedResult, type SeedSizes, sizesFrom } from "./seed-data.ts";
import { startAppServer } from "./servers.ts";
import { DATABASE_ARGS, type DatabaseKind, databasesOf, seededStorage } from "./storage.ts";

const args = benchArgs({
  ...LOAD_ARGS,
  ...DATABASE_ARGS,
  users: 10_000,
  "post-sizes": "10000,100000",
  reviews: 50_000,
  messages: 10_000,
  "log-level": "warn",
});
const { duration, warmup, connections } = args;
const postSizes = numberList(args["post-sizes"]);
const sizesFor = (posts: number): SeedSizes => sizesFrom({ ...args, posts });
usage(postSizes.map((posts) => checkSizes(sizesFor(posts))).find(Boolean) ?? loadArgsProblem(args));
const databases = databasesOf(args);

/** Single-user budget of issue 18. */
const MAX_SINGLE_P99_MS = 50;

/** What people type: a service, a rare detail, two words, a town, a prefix, a typo, a common word. */
const POST_QUERIES = [
  "plumbing",
  "guitar lessons",
  "walnut",
  "sourdough",
  "histon",
  "yoga evenings",
  "carpen",
  "plumbr",
  "help",
  "looking for tiling",
];
const PEOPLE_QUERIES = [
  "plumber",
  "tour guide",
  "yoga",
  "walnut",
  "photograph",
  "plumbr",
  "patient",
  "math teacher",
];

type Scenario = {
  name: string;
  note: string;
  /** The first request (checked before the load) and the one each later request replaces it with. */
  url: string;
  path: () => string;
  /** Null when the answer is fine. */
  check: (body: unknown) => string | null;
  /** The uncached post read every search is compared with. */
  baseline?: boolean;
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const query = (q: string, extra = "") => `q=${encodeURIComponent(q)}${extra}`;

function scenarios(seeded: SeedResult): Scenario[] {
  const { first, last } = seeded.postIds;
  // Each id once per round, in order: more distinct ids than the post cache keeps (2,000), so
  // every read misses it.
  let next = first;
  const nextPost = () => {
    const id = next;
    next = next >= last ? first : next + 1;
    return `/api/articles/${id}`;
  };
  const near = `&within=25&near=${seeded.centreId}`;
  // Issue 33: a town picked (signed out), no distance filter: every match ranked by closeness too.
  const town = `&near=${seeded.centreId}`;
  return [
    {
      name: "GET /api/articles/:id",
      note: "uncached post read",
      url: `/api/articles/${first}`,
      path: nextPost,
      check: (body) => ((body as { article?: unknown }).article ? null : "no article"),
      baseline: true,
    },
    search("posts", POST_QUERIES, "", `${POST_QUERIES.length} queries`),
    search("posts", POST_QUERIES, near, "near the centre"),
    search("posts", POST_QUERIES, town, "ranked by distance from a town"),
    search("posts", [], near, "no words: newest near the centre"),
    search("people", PEOPLE_QUERIES, "", `${PEOPLE_QUERIES.length} queries`),
    search("people", PEOPLE_QUERIES, near, "near the centre"),
    search("people", PEOPLE_QUERIES, town, "ranked by distance from a town"),
  ];
}

/** A search of `what`, each request with one of `queries` (none: no words) and then `extra`. */
function search(
  what: "posts" | "people",
  queries: string[],
  extra: string,
  note: string,
): Scenario {
  const at = (q: string | undefined) =>
    `/api/search/${what}?${q === undefined ? extra.slice(1) : query(q, extra)}`;
  const key = what === "posts" ? "articles" : "users";
  const filter = extra.includes("within=") ? "within=25" : extra ? "near=" : "";
  const params = [queries.length > 0 ? "q=" : "", filter];
  return {
    name: `GET /api/search/${what}?${params.filter(Boolean).join("&")}`,
    note,
    url: at(queries[0]),
    path: () => at(queries.length > 0 ? pick(queries) : undefined),
    // A list, maybe empty: tiny seeds (the smoke test) may hold none of the words.
    check: (body) =>
      Array.isArray((body as Record<string, unknown>)[key]) ? null : `no ${key} list`,
  };
}

const COLUMNS = [
  "database",
  "posts",
  "request",
  "1 user p50 ms",
  "1 user p99 ms",
  `${connections} conn. req/s`,
  "p50 ms",
  "p99 ms",
  "req/s vs post read",
  "budget (1 user p99)",
  "met",
  "cores",
];

let failed = false;

async function measure(base: string, scenario: Scenario, conns: number): Promise<LoadResult> {
  const options = { url: `${base}${scenario.url}`, path: scenario.path, connections: conns };
  if (warmup > 0) await load({ ...options, duration: warmup });
  return load({ ...options, duration });
}

/** The index sizes, read from the seeded database (bytes). */
const INDEXES = [
  "articles_search_idx",
  "articles_title_trgm_idx",
  "articles_area_earth_idx",
  "profiles_search_idx",
  "profiles_username_trgm_idx",
  "profiles_skills_idx",
  "profiles_area_earth_idx",
];

async function indexSizes(database: Database): Promise<Record<string, number>> {
  const result = (await database.db.execute(
    sql`select relname as name, pg_relation_size(oid)::float8 as bytes from pg_class
        where relname in (${sql.join(
          INDEXES.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  )) as unknown as { rows: { name: string; bytes: number }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.bytes)]));
}

const indexRows: string[] = [];

/** Seeds a fresh database of `posts` posts and notes its index sizes. */
function prepareStorage(kind: DatabaseKind, label: string, posts: number) {
  return seededStorage(kind, databases.adminUrl, sizesFor(posts), async (database) => {
    const sizes = await indexSizes(database);
    const megabytes = INDEXES.map((name) => `${((sizes[name] ?? 0) / 1024 / 1024).toFixed(1)} MB`);
    indexRows.push(markdownRow([label, posts, ...megabytes]));
  });
}

/** A scenario's answer checked (stops the run if wrong), then measured with one client and with `connections`. */
async function measureScenario(base: string, scenario: Scenario) {
  const response = await fetch(`${base}${scenario.url}`);
  const text = await response.text();
  const problem =
    response.status === 200 ? scenario.check(JSON.parse(text)) : `answered ${response.status}`;
  if (problem)
    throw new Error(`${scenario.url} before the load: ${problem} (${text.slice(0, 200)})`);
  const single = await measure(base, scenario, 1);
  const loaded = await measure(base, scenario, connections);
  const problems = [...loadProblems(single), ...loadProblems(loaded)];
  if (problems.length > 0) failed = true;
  return { single, loaded, problems };
}

/** The table row of a measured scenario (`baselineRps`: the uncached post read's, 0 before it). */
function scenarioRow(
  label: string,
  posts: number,
  scenario: Scenario,
  { single, loaded, problems }: Awaited<ReturnType<typeof measureScenario>>,
  baselineRps: number,
): string {
  const met = single.p99 <= MAX_SINGLE_P99_MS ? "yes" : "no";
  const share =
    scenario.baseline || baselineRps === 0
      ? "—"
      : `${((100 * loaded.rps) / baselineRps).toFixed(0)}%`;
  const verdict =
    problems.length > 0 ? `no (${problems.join(", ")})` : scenario.baseline ? "" : met;
  return markdownRow([
    label,
    posts,
    `\`${scenario.name}\` (${scenario.note})`,
    single.p50.toFixed(1),
    single.p99.toFixed(1),
    Math.round(loaded.rps),
    loaded.p50.toFixed(1),
    loaded.p99.toFixed(1),
    share,
    scenario.baseline ? "" : `≤ ${MAX_SINGLE_P99_MS} ms`,
    verdict,
    CORES,
  ]);
}

async function run(kind: DatabaseKind, label: string, posts: number): Promise<void> {
  const { env, seeded } = await prepareStorage(kind, label, posts);
  const server = await startAppServer(
    { ...env, LOG_LEVEL: args["log-level"] },
    { healthyWithinMs: 120_000 },
  );
  let baselineRps = 0;
  for (const scenario of scenarios(seeded)) {
    const measured = await measureScenario(server.url, scenario);
    if (scenario.baseline) baselineRps = measured.loaded.rps;
    console.log(scenarioRow(label, posts, scenario, measured, baselineRps));
  }
  await server.stop();
}

await runMain(async () => {
  console.log(
    `Search: ${connections} connections and 1, ${duration} s per request after ${warmup} s warm-up; ${machineLine()}`,
  );
  console.log("");
  console.log(markdownHeader(COLUMNS));
  await databases.forEach(async (kind, label) => {
    for (const posts of postSizes) await run(kind, label, posts);
  });
  console.log("\nIndex sizes (pg_relation_size):\n");
  console.log(markdownHeader(["database", "posts", ...INDEXES.map((name) => `\`${name}\``)]));
  for (const row of indexRows) console.log(row);
  console.log(`\nDone; ${machineLine()}`);
  if (failed) {
    process.exitCode = 1;
    console.error("Some requests failed (see the met column).");
  }
});
