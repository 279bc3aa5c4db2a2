/**
 * The app against its floor (issue 21): per database and route, the app's requests/s and latency
 * beside the floor's (bench/floor-server.ts: the same SQL, driver, pool and prepared statements
 * with no framework and no ORM), the Express 5 peer's (bench/peer-express-server.ts, PostgreSQL)
 * and a node:http hello-world's, all on the same seeded data in one run, in alternating rounds
 * (app → floor → peer → hello-world, each a fresh process per round), median of the rounds.
 * Load: wrk (bench/wrk/route.lua: the cookie, random ids, the POST body) for requests/s, p50 and
 * p99; autocannon as the second generator, for its p99.
 *
 *   npx node bench/api-floor.ts [--rounds 3] [--duration 5] [--warmup 2] [--connections 100]
 *     [--threads 2] [--databases postgres,pglite] [--routes post-random,feed-first,…]
 *     [--generators wrk,autocannon] [--postgres-url …] [--log-level info]
 *     [--users 10000 --posts 100000 --reviews 50000 --messages 10000]
 *     [--cpu-prof <dir>]   (a CPU profile of every app, floor and peer process; bench/profile-top.ts)
 *
 * Before any load, one answer of every read is fetched from each server and compared with the
 * app's (same keys and values); the write's answer is compared before its load (all but its id and
 * time). A server that answers differently stops the run.
 */
import { isDeepStrictEqual } from "node:util";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { freePort, type ServerProcess, waitForHealthy } from "../test/harness/server-process.ts";
import { type LoadResult, load } from "./autocannon.ts";
import { benchArgs, runMain, usage } from "./bench-kit.ts";
import { CORES, loadAverage, machineLine, markdownHeader, markdownRow, median } from "./report.ts";
import { checkSizes, FULL_SIZES, type SeedResult, sizesFrom } from "./seed-data.ts";
import { cpuProfileArgs, startAppServer, startHello, startNode } from "./servers.ts";
import { DATABASE_ARGS, type DatabaseKind, databasesOf, seededStorage, signUp } from "./storage.ts";
import { runWrkRoute, type WrkResult, type WrkRoute } from "./wrk.ts";

const ROUTE_KEYS = [
  "post-random",
  "feed-first",
  "feed-cursor",
  "topic",
  "profile",
  "reviews",
  "search",
  "post-create",
] as const;
type RouteKey = (typeof ROUTE_KEYS)[number];

const values = benchArgs({
  rounds: 3,
  duration: 5,
  warmup: 2,
  connections: 100,
  threads: 2,
  ...DATABASE_ARGS,
  databases: "postgres,pglite",
  routes: ROUTE_KEYS.join(","),
  generators: "wrk,autocannon",
  "log-level": "info",
  topic: "Plumbing",
  search: "walnut",
  /** Folder for a CPU profile of each app, floor and peer process (bench/profile-top.ts). */
  "cpu-prof": null,
  ...FULL_SIZES,
});
const { rounds, duration, warmup, connections } = values;
const threads = Math.min(values.threads, connections);
const databases = databasesOf(values);
const routeKeys = values.routes.split(",").map((r) => r.trim());
const generators = values.generators.split(",").map((g) => g.trim());
usage(
  checkSizes(sizesFrom(values)) ??
    (!(rounds >= 1) || !(duration > 0) || !(warmup >= 0) || !(connections >= 1) || !(threads >= 1)
      ? "--rounds, --duration, --warmup, --connections and --threads must be positive numbers"
      : null) ??
    (routeKeys.some((r) => !ROUTE_KEYS.includes(r as RouteKey))
      ? `--routes takes some of ${ROUTE_KEYS.join(", ")}`
      : null) ??
    (!generators.includes("wrk") || generators.some((g) => g !== "wrk" && g !== "autocannon")
      ? "--generators takes wrk, or wrk,autocannon"
      : null),
);
const useAutocannon = generators.includes("autocannon");

type ServerKind = "app" | "floor" | "peer";

/** What every route needs to know of the seeded data and the signed-in account. */
type Context = { seeded: SeedResult; cookie: string; feedCursor: string };

type Route = {
  key: RouteKey;
  name: string;
  /** The request as wrk sends it (`{id}` random), for `origin`. */
  request: (origin: string) => WrkRoute;
  /** The one request whose answer is compared between servers. */
  sample: string;
  write?: boolean;
};

const POST_BODY = JSON.stringify({
  title: "Looking for a plumber this weekend",
  topic: "Plumbing",
  body: "The kitchen tap drips and the sink drains slowly. Anyone nearby with tools and an hour to spare? I can pay a fair price or return the favour with some help in the garden.",
});

function routesFor({ seeded, cookie, feedCursor }: Context): Route[] {
  const get =
    (path: string, extra: Partial<WrkRoute> = {}) =>
    () => ({
      method: "GET" as const,
      path,
      cookie,
      ...extra,
    });
  const topic = encodeURIComponent(values.topic);
  const all: Route[] = [
    {
      key: "post-random",
      name: `GET /api/articles/:id (random of ${seeded.postIds.last - seeded.postIds.first + 1})`,
      request: get("/api/articles/{id}", { ids: seeded.postIds }),
      sample: `/api/articles/${seeded.postId}`,
    },
    {
      key: "feed-first",
      name: "GET /api/articles (first page; cached in the app)",
      request: get("/api/articles"),
      sample: "/api/articles",
    },
    {
      key: "feed-cursor",
      name: "GET /api/articles?cursor= (page 2)",
      request: get(`/api/articles?cursor=${feedCursor}`),
      sample: `/api/articles?cursor=${feedCursor}`,
    },
    {
      key: "topic",
      name: `GET /api/articles?topic=${values.topic}`,
      request: get(`/api/articles?topic=${topic}`),
      sample: `/api/articles?topic=${topic}`,
    },
    {
      key: "profile",
      name: "GET /api/users/username/:username",
      request: get(`/api/users/username/${seeded.username}`),
      sample: `/api/users/username/${seeded.username}`,
    },
    {
      key: "reviews",
      name: "GET /api/reviews?created_about=",
      request: get(`/api/reviews?created_about=${seeded.username}`),
      sample: `/api/reviews?created_about=${seeded.username}`,
    },
    {
      key: "search",
      name: `GET /api/search/posts?q=${values.search}`,
      request: get(`/api/search/posts?q=${encodeURIComponent(values.search)}`),
      sample: `/api/search/posts?q=${encodeURIComponent(values.search)}`,
    },
    {
      key: "post-create",
      name: "POST /api/articles",
      request: (origin) => ({
        method: "POST",
        path: "/api/articles",
        cookie,
        origin,
        body: POST_BODY,
      }),
      sample: "/api/articles",
      write: true,
    },
  ];
  // Reads first, the write last: every server reads the same data within a round.
  return all.filter((route) => routeKeys.includes(route.key));
}

// ── servers ─────────────────────────────────────────────────────────────────

async function startServer(kind: ServerKind, env: Record<string, string>): Promise<ServerProcess> {
  const nodeArgs = cpuProfileArgs(values["cpu-prof"]);
  if (kind === "app") {
    // One account posts the whole load.
    const appEnv = { ...env, ...liftedWriteLimitEnv(), LOG_LEVEL: values["log-level"] };
    return startAppServer(appEnv, { nodeArgs });
  }
  const port = await freePort();
  const script = kind === "floor" ? "bench/floor-server.ts" : "bench/peer-express-server.ts";
  const server = startNode([...nodeArgs, script, String(port)], env, port);
  await waitForHealthy(server, 60_000);
  return server;
}

// ── answers compared ────────────────────────────────────────────────────────

async function answer(base: string, route: Route, cookie: string): Promise<unknown> {
  const { method, body, origin } = route.request(base);
  const response = await fetch(`${base}${route.sample}`, {
    method,
    body,
    headers: {
      accept: "application/json",
      cookie,
      ...(body ? { "content-type": "application/json", "sec-fetch-site": "same-origin" } : {}),
      ...(origin ? { origin } : {}),
    },
  });
  const text = await response.text();
  const expected = route.write ? 201 : 200;
  if (response.status !== expected) {
    throw new Error(`${method} ${route.sample} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text);
}

/** A written post's answer without what differs between any two writes (its id and times). */
function withoutIdentity(json: unknown): unknown {
  const { article } = json as { article: Record<string, unknown> };
  const { id: _id, created_at: _at, expires_at: _expires, ...rest } = article;
  return rest;
}

function sameAnswer(route: Route, app: unknown, other: unknown, who: string): void {
  const [a, b] = route.write ? [withoutIdentity(app), withoutIdentity(other)] : [app, other];
  if (!isDeepStrictEqual(a, b)) {
    throw new Error(
      `${who} answers ${route.name} differently from the app:\napp:   ${JSON.stringify(a).slice(0, 600)}\n${who}: ${JSON.stringify(b).slice(0, 600)}`,
    );
  }
}

// ── load ────────────────────────────────────────────────────────────────────

type Figures = { wrk: WrkResult; autocannon: LoadResult | null };

async function measure(base: string, route: WrkRoute, autocannonPath?: () => string) {
  const options = { threads, connections };
  if (warmup > 0) await runWrkRoute(base, route, { ...options, seconds: warmup });
  const wrk = await runWrkRoute(base, route, { ...options, seconds: duration });
  const autocannon = useAutocannon
    ? await load({
        url: `${base}${route.path.replace("{id}", String(route.ids?.first ?? ""))}`,
        connections,
        duration,
        method: route.method,
        headers: {
          accept: "application/json",
          ...(route.cookie ? { cookie: route.cookie } : {}),
          ...(route.body
            ? {
                "content-type": "application/json",
                origin: route.origin ?? base,
                "sec-fetch-site": "same-origin",
              }
            : {}),
        },
        ...(route.body ? { body: route.body } : {}),
        ...(autocannonPath ? { path: autocannonPath } : {}),
      })
    : null;
  return { wrk, autocannon };
}

function randomPath(route: WrkRoute): (() => string) | undefined {
  const { ids } = route;
  if (!ids) return undefined;
  return () =>
    route.path.replace(
      "{id}",
      String(ids.first + Math.floor(Math.random() * (ids.last - ids.first + 1))),
    );
}

// ── report ──────────────────────────────────────────────────────────────────

const rps = (figures: Figures[]) => median(figures.map((f) => f.wrk.rps));
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const latency = (figures: Figures[]) =>
  figures.length === 0
    ? ""
    : `${ms(median(figures.map((f) => f.wrk.p50Ms)))} / ${ms(median(figures.map((f) => f.wrk.p99Ms)))}`;
const autocannonP99 = (figures: Figures[]) => {
  const measured = figures.flatMap((f) => (f.autocannon ? [f.autocannon.p99] : []));
  return measured.length > 0 ? ms(median(measured)) : "";
};
function errors(figures: Figures[]): number {
  return figures.reduce(
    (sum, { wrk, autocannon }) =>
      sum +
      wrk.non2xx +
      wrk.socketErrors +
      (autocannon ? autocannon.non2xx + autocannon.errors + autocannon.timeouts : 0),
    0,
  );
}

const COLUMNS = [
  "route",
  "app req/s",
  "floor req/s",
  "app / floor",
  "peer req/s",
  "app / peer",
  "app p50 / p99 ms (wrk)",
  "floor p50 / p99 ms (wrk)",
  "p99 ms app / floor (autocannon)",
  "app / node:http",
  "errors",
];

let failed = false;

function printTable(
  label: string,
  routes: Route[],
  results: Map<string, Figures[]>,
  hello: Figures[],
  loads: { start: string; end: string },
): void {
  const of = (server: string, route: Route) => results.get(`${server} ${route.key}`) ?? [];
  const helloRps = rps(hello);
  console.log(
    `\n${label}: median of ${rounds} rounds (app → floor → peer → node:http, a fresh process each), ` +
      `${duration} s each after ${warmup} s warm-up; load average ${loads.start} at start, ${loads.end} at end; ` +
      `wrk -t${threads} -c${connections} for req/s, p50 and p99` +
      `${useAutocannon ? `, autocannon -c${connections} (this process) for its p99` : ""}; ${CORES} cores.\n`,
  );
  console.log(markdownHeader(COLUMNS));
  for (const route of routes) {
    const app = of("app", route);
    const floor = of("floor", route);
    const peer = of("peer", route);
    const appRps = rps(app);
    const floorRps = rps(floor);
    const peerRps = peer.length > 0 ? rps(peer) : 0;
    const problems = errors([...app, ...floor, ...peer]);
    if (problems > 0) failed = true;
    const appAc = autocannonP99(app);
    console.log(
      markdownRow([
        route.name,
        Math.round(appRps),
        Math.round(floorRps),
        `${((100 * appRps) / floorRps).toFixed(0)}%`,
        peer.length > 0 ? Math.round(peerRps) : "—",
        peer.length > 0 ? `${(appRps / peerRps).toFixed(2)}×` : "—",
        latency(app),
        latency(floor),
        appAc ? `${appAc} / ${autocannonP99(floor)}` : "—",
        `${((100 * appRps) / helloRps).toFixed(0)}%`,
        problems,
      ]),
    );
  }
  const helloAc = autocannonP99(hello);
  console.log(
    markdownRow([
      "node:http hello-world",
      Math.round(helloRps),
      "",
      "",
      "",
      "",
      latency(hello),
      "",
      helloAc,
      "100%",
      errors(hello),
    ]),
  );
}

// ── a database ──────────────────────────────────────────────────────────────

/** Each read answered by the floor (and the peer) exactly as the app answered it; stops the run if not. */
async function checkReads(
  others: ServerKind[],
  env: Record<string, string>,
  reads: Route[],
  appAnswers: Map<RouteKey, unknown>,
  cookie: string,
): Promise<void> {
  for (const kindOfServer of others) {
    const server = await startServer(kindOfServer, env);
    for (const route of reads) {
      const theirs = await answer(server.url, route, cookie);
      sameAnswer(route, appAnswers.get(route.key), theirs, kindOfServer);
    }
    await server.stop();
  }
}

/** One round: each server in turn, a fresh process, every route measured; the write checked in round 1. */
async function measureRound(
  round: number,
  run: { label: string; servers: ServerKind[]; env: Record<string, string>; routes: Route[] },
  state: { cookie: string; results: Map<string, Figures[]>; writeAnswer?: unknown },
): Promise<void> {
  for (const kindOfServer of run.servers) {
    const server = await startServer(kindOfServer, run.env);
    for (const route of run.routes) {
      if (route.write && round === 1) {
        const written = await answer(server.url, route, state.cookie);
        if (kindOfServer === "app") state.writeAnswer = written;
        else sameAnswer(route, state.writeAnswer, written, kindOfServer);
      }
      const request = route.request(server.url);
      const figures = await measure(server.url, request, randomPath(request));
      const key = `${kindOfServer} ${route.key}`;
      state.results.set(key, [...(state.results.get(key) ?? []), figures]);
      console.error(
        `${run.label} round ${round} ${kindOfServer} ${route.key}: ${Math.round(figures.wrk.rps)} req/s, p99 ${figures.wrk.p99Ms.toFixed(1)} ms (wrk)`,
      );
    }
    await server.stop();
  }
}

async function databaseRun(kind: DatabaseKind, label: string): Promise<void> {
  const { env, seeded } = await seededStorage(kind, databases.adminUrl, sizesFrom(values));
  const servers: ServerKind[] = kind === "postgres" ? ["app", "floor", "peer"] : ["app", "floor"];

  // The account and the page-2 cursor, from the app; then one answer of each read per server.
  const app = await startServer("app", env);
  const cookie = await signUp(app.url);
  const first = (await (
    await fetch(`${app.url}/api/articles`, { headers: { cookie } })
  ).json()) as {
    nextCursor: string | null;
  };
  const context: Context = {
    seeded,
    cookie,
    feedCursor: encodeURIComponent(first.nextCursor ?? ""),
  };
  const routes = routesFor(context);
  const reads = routes.filter((route) => !route.write);
  const appAnswers = new Map<RouteKey, unknown>();
  for (const route of reads) appAnswers.set(route.key, await answer(app.url, route, cookie));
  await app.stop();
  const others = servers.slice(1);
  await checkReads(others, env, reads, appAnswers, cookie);
  console.error(
    `${label}: ${others.join(" and ")} answer${others.length > 1 ? "" : "s"} every read as the app does`,
  );

  const loads = { start: loadAverage(), end: "" };
  const state = { cookie, results: new Map<string, Figures[]>() };
  const hello: Figures[] = [];
  for (let round = 1; round <= rounds; round++) {
    await measureRound(round, { label, servers, env, routes }, state);
    const helloServer = await startHello("node");
    hello.push(await measure(helloServer.url, { method: "GET", path: "/" }));
    await helloServer.stop();
  }
  loads.end = loadAverage();
  printTable(label, routes, state.results, hello, loads);
}

await runMain(async () => {
  console.log(`API against its floor (issue 21); ${machineLine()}`);
  await databases.forEach(databaseRun);
  console.log(`\nDone; ${machineLine()}`);
  if (failed) {
    process.exitCode = 1;
    console.error("Some requests failed (see the errors column).");
  }
});
