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
 * `within=25&near=<Cambridge>`, the middle of the seeded towns (bench/seed-data.ts).
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";
import { freePort, waitForHealthy } from "../test/harness/server-process.ts";
import {
  CORES,
  DEFAULT_POSTGRES_URL,
  type LoadResult,
  load,
  machineLine,
  markdownHeader,
  markdownRow,
  postgresReachable,
  runMain,
  scratchPostgres,
  startProductionServer,
  tempDir,
} from "./bench-kit.ts";
import { checkSizes, type SeedResult, type SeedSizes, seed } from "./seed-data.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "100" },
    databases: { type: "string", default: "pglite,postgres" },
    "postgres-url": { type: "string", default: DEFAULT_POSTGRES_URL },
    users: { type: "string", default: "10000" },
    "post-sizes": { type: "string", default: "10000,100000" },
    reviews: { type: "string", default: "50000" },
    messages: { type: "string", default: "10000" },
    "log-level": { type: "string", default: "warn" },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const databases = values.databases.split(",").map((d) => d.trim());
const postSizes = values["post-sizes"].split(",").map((n) => Number(n.trim()));
const sizesFor = (posts: number): SeedSizes => ({
  users: Number(values.users),
  posts,
  reviews: Number(values.reviews),
  messages: Number(values.messages),
});
const sizeProblem = postSizes.map((posts) => checkSizes(sizesFor(posts))).find(Boolean);
if (sizeProblem || !(duration > 0) || !(warmup >= 0) || !(connections >= 1)) {
  console.error(sizeProblem ?? "--duration, --warmup and --connections must be positive numbers");
  process.exit(1);
}
if (databases.some((d) => d !== "pglite" && d !== "postgres")) {
  console.error("--databases takes pglite, postgres or both (comma-separated)");
  process.exit(1);
}

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
  // A list, maybe empty: tiny seeds (the smoke test) may hold none of the words.
  const hasRows = (key: "articles" | "users") => (body: unknown) =>
    Array.isArray((body as Record<string, unknown>)[key]) ? null : `no ${key} list`;
  return [
    {
      name: "GET /api/articles/:id",
      note: "uncached post read",
      url: `/api/articles/${first}`,
      path: nextPost,
      check: (body) => ((body as { article?: unknown }).article ? null : "no article"),
      baseline: true,
    },
    {
      name: "GET /api/search/posts?q=",
      note: `${POST_QUERIES.length} queries`,
      url: `/api/search/posts?${query(POST_QUERIES[0] ?? "")}`,
      path: () => `/api/search/posts?${query(pick(POST_QUERIES))}`,
      check: hasRows("articles"),
    },
    {
      name: "GET /api/search/posts?q=&within=25",
      note: "near the centre",
      url: `/api/search/posts?${query(POST_QUERIES[0] ?? "", near)}`,
      path: () => `/api/search/posts?${query(pick(POST_QUERIES), near)}`,
      check: hasRows("articles"),
    },
    {
      name: "GET /api/search/posts?within=25",
      note: "no words: newest near the centre",
      url: `/api/search/posts?${near.slice(1)}`,
      path: () => `/api/search/posts?${near.slice(1)}`,
      check: hasRows("articles"),
    },
    {
      name: "GET /api/search/people?q=",
      note: `${PEOPLE_QUERIES.length} queries`,
      url: `/api/search/people?${query(PEOPLE_QUERIES[0] ?? "")}`,
      path: () => `/api/search/people?${query(pick(PEOPLE_QUERIES))}`,
      check: hasRows("users"),
    },
    {
      name: "GET /api/search/people?q=&within=25",
      note: "near the centre",
      url: `/api/search/people?${query(PEOPLE_QUERIES[0] ?? "", near)}`,
      path: () => `/api/search/people?${query(pick(PEOPLE_QUERIES), near)}`,
      check: hasRows("users"),
    },
  ];
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

function problemsOf(r: LoadResult): string[] {
  return [
    r.non2xx ? `${r.non2xx} non-2xx` : "",
    r.errors ? `${r.errors} errors` : "",
    r.timeouts ? `${r.timeouts} timeouts` : "",
    r.total === 0 ? "no requests" : "",
  ].filter(Boolean);
}

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

/** Seeds a fresh database of `posts` posts and closes it; returns the env that points a server at it. */
async function prepareStorage(
  kind: "pglite" | "postgres",
  posts: number,
): Promise<{ env: Record<string, string>; seeded: SeedResult }> {
  let database: Database;
  let env: Record<string, string>;
  let release = () => {};
  if (kind === "pglite") {
    const dataDir = tempDir("search");
    release = lockDataDir(dataDir);
    database = await openPglite(dataDir);
    env = { DATA_DIR: dataDir };
  } else {
    const url = await scratchPostgres(values["postgres-url"]);
    database = await openPostgres(url, 1);
    env = { DATABASE_URL: url };
  }
  try {
    const seeded = await seed(database, sizesFor(posts));
    const sizes = await indexSizes(database);
    const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
    indexRows.push(
      markdownRow([
        label,
        posts,
        ...INDEXES.map((name) => `${((sizes[name] ?? 0) / 1024 / 1024).toFixed(1)} MB`),
      ]),
    );
    return { env, seeded };
  } finally {
    await database.close();
    release();
  }
}

async function run(kind: "pglite" | "postgres", posts: number): Promise<void> {
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const seedStart = performance.now();
  const { env, seeded } = await prepareStorage(kind, posts);
  console.error(
    `${label}: seeded ${JSON.stringify(seeded.sizes)} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const port = await freePort();
  const server = startProductionServer(port, {
    ...env,
    MAX_CONNECTIONS_PER_ADDRESS: "100000", // the load comes from one address
    LOG_LEVEL: values["log-level"],
    WEB_DIR: tempDir("no-web"),
  });
  await waitForHealthy(server, 120_000);
  let baselineRps = 0;
  for (const scenario of scenarios(seeded)) {
    const response = await fetch(`${server.url}${scenario.url}`);
    const text = await response.text();
    const problem =
      response.status === 200 ? scenario.check(JSON.parse(text)) : `answered ${response.status}`;
    if (problem)
      throw new Error(`${scenario.url} before the load: ${problem} (${text.slice(0, 200)})`);
    const single = await measure(server.url, scenario, 1);
    const loaded = await measure(server.url, scenario, connections);
    if (scenario.baseline) baselineRps = loaded.rps;
    const problems = [...problemsOf(single), ...problemsOf(loaded)];
    if (problems.length > 0) failed = true;
    const met = single.p99 <= MAX_SINGLE_P99_MS ? "yes" : "no";
    console.log(
      markdownRow([
        label,
        posts,
        `\`${scenario.name}\` (${scenario.note})`,
        single.p50.toFixed(1),
        single.p99.toFixed(1),
        Math.round(loaded.rps),
        loaded.p50.toFixed(1),
        loaded.p99.toFixed(1),
        scenario.baseline || baselineRps === 0
          ? "—"
          : `${((100 * loaded.rps) / baselineRps).toFixed(0)}%`,
        scenario.baseline ? "" : `≤ ${MAX_SINGLE_P99_MS} ms`,
        problems.length > 0 ? `no (${problems.join(", ")})` : scenario.baseline ? "" : met,
        CORES,
      ]),
    );
  }
  await server.stop();
}

await runMain(async () => {
  console.log(
    `Search: ${connections} connections and 1, ${duration} s per request after ${warmup} s warm-up; ${machineLine()}`,
  );
  const runs: ("pglite" | "postgres")[] = [];
  for (const kind of databases as ("pglite" | "postgres")[]) {
    if (kind === "postgres") {
      const problem = await postgresReachable(values["postgres-url"]);
      if (problem) {
        console.log(`PostgreSQL skipped: cannot reach ${values["postgres-url"]} (${problem}).`);
        continue;
      }
    }
    runs.push(kind);
  }
  console.log("");
  console.log(markdownHeader(COLUMNS));
  for (const kind of runs) {
    for (const posts of postSizes) await run(kind, posts);
  }
  console.log("\nIndex sizes (pg_relation_size):\n");
  console.log(markdownHeader(["database", "posts", ...INDEXES.map((name) => `\`${name}\``)]));
  for (const row of indexRows) console.log(row);
  console.log(`\nDone; ${machineLine()}`);
  if (failed) {
    process.exitCode = 1;
    console.error("Some requests failed (see the met column).");
  }
});
