/**
 * Start (DESIGN §6, issue 7 and 21): time to the first answered request of the production server on
 * a built tree, on the embedded database: with an empty data directory (it creates and migrates
 * itself) and with the seeded one. Two ways, alternating run by run: the user's own command,
 * `npm start` (npm's CLI, the build check and the server, in a process group of their own), and
 * the server process alone (`node src/server/main.ts`). A few runs each; the median counts.
 *
 *   npx node bench/start-time.ts [--runs 5] [--web-dir dist/web]
 *     [--users 10000 --posts 100000 --reviews 50000 --messages 10000]
 *
 * The clock starts just before the process is spawned and stops when `GET /` (the first page,
 * from the built web app) and then `GET /api/health` (which reads the database) have answered;
 * the CPU time all its processes had used by then is printed too (less sensitive to the load).
 * `npm start` serves dist/web, what it checks and builds: it is timed only when --web-dir is that
 * (the default). Before any timing the tree is made built, once, by the build check `npm start`
 * runs (scripts/ensure-build.ts): dist/web built when missing or stale, and the PGlite template in
 * dist/pglite-template made, so every timed `npm start` finds a built tree and an empty data
 * directory starts from the template (with another --web-dir only the template is made). The
 * server rows serve --web-dir, and without a built web app there (no index.html) they time the API
 * alone. Each empty start that ran initdb instead of copying the template is counted and named.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildPgliteTemplate } from "../src/server/db/pglite-template-build.ts";
import {
  PGLITE_TEMPLATE_DIR,
  readTemplateStamp,
  templateIsCurrent,
} from "../src/server/db/pglite-template-stamp.ts";
import {
  freePort,
  ROOT,
  type ServerProcess,
  waitForHealthy,
} from "../test/harness/server-process.ts";
import { benchArgs, runMain, tempDir, usage } from "./bench-kit.ts";
import { startNpmStart } from "./npm-start-process.ts";
import { processTreeCpuMs } from "./process-tree-cpu.ts";
import { CORES, machineLine, markdownHeader, markdownRow, median } from "./report.ts";
import { checkSizes, FULL_SIZES, sizesFrom } from "./seed-data.ts";
import { PRODUCTION_ENV, startProductionServer } from "./servers.ts";
import { seededStorage } from "./storage.ts";

const BUDGET_MS = 2000;
const BUILT_WEB_DIR = path.join(ROOT, "dist/web");

const args = benchArgs({ runs: 5, "web-dir": BUILT_WEB_DIR, ...FULL_SIZES });
const { runs } = args;
const webDir = path.resolve(args["web-dir"]);
const sizes = sizesFrom(args);
usage(
  checkSizes(sizes) ??
    (!Number.isInteger(runs) || runs < 1 ? "--runs must be a whole number ≥ 1" : null),
);

/** What the server says on standard error when a new data directory cannot start from the template. */
const INITDB_LINE = /^Creating the embedded database with initdb.*$/m;

type Way = {
  /** How its rows begin; the server process's rows are named as before `npm start` was timed. */
  prefix: string;
  webDir: string;
  start: (port: number, dataDir: string, webDir: string) => ServerProcess;
};

const NPM_START: Way = {
  prefix: "`npm start`, ",
  webDir: BUILT_WEB_DIR,
  start: (port, dataDir, web) =>
    startNpmStart(port, { ...PRODUCTION_ENV, DATA_DIR: dataDir, WEB_DIR: web }),
};
const SERVER_PROCESS: Way = {
  prefix: "",
  webDir,
  start: (port, dataDir, web) => startProductionServer(port, { DATA_DIR: dataDir, WEB_DIR: web }),
};
/** `npm start` serves what it checks and builds, dist/web: timed only when --web-dir is that. */
const timesNpmStart = webDir === BUILT_WEB_DIR;
const WAYS = timesNpmStart ? [NPM_START, SERVER_PROCESS] : [SERVER_PROCESS];

/** Wall time to the first answers, and the CPU time its processes had used by then. */
type Start = { ms: number; cpuMs: number | undefined; initdb?: string };

/** One cold start: spawn, then wait for the first page and a database read. */
async function startOnce(way: Way, dataDir: string): Promise<Start> {
  const port = await freePort();
  const withPage = fs.existsSync(path.join(way.webDir, "index.html"));
  const began = performance.now();
  const server = way.start(port, dataDir, way.webDir);
  if (withPage) await waitForHealthy(server, 60_000, { path: "/", intervalMs: 2 });
  await waitForHealthy(server, 60_000, { intervalMs: 2 });
  const ms = performance.now() - began;
  const cpuMs = server.child.pid === undefined ? undefined : processTreeCpuMs(server.child.pid);
  await server.stop();
  return { ms, cpuMs, initdb: INITDB_LINE.exec(server.stderr())?.[0] };
}

/**
 * What `npm start` finds on a built tree: dist/web current (when it is timed) and the template for
 * this PGlite and migrations.
 */
async function makeTreeBuilt(): Promise<void> {
  const began = performance.now();
  if (timesNpmStart) {
    execFileSync(process.execPath, [path.join(ROOT, "scripts/ensure-build.ts")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    console.log(
      `Build check (scripts/ensure-build.ts): ${Math.round(performance.now() - began)} ms`,
    );
  } else if (!templateIsCurrent(PGLITE_TEMPLATE_DIR)) {
    await buildPgliteTemplate(PGLITE_TEMPLATE_DIR);
    console.log(`Made the PGlite template in ${Math.round(performance.now() - began)} ms`);
  }
  const stamp = readTemplateStamp(PGLITE_TEMPLATE_DIR);
  console.log(
    `Empty data directories start from ${PGLITE_TEMPLATE_DIR} (PGlite ${stamp?.pgliteVersion}, ` +
      `${stamp?.migrations.length} migrations)`,
  );
}

function report(name: string, starts: Start[]): void {
  const middle = median(starts.map((start) => start.ms));
  const cpu = starts.map((start) => start.cpuMs).filter((ms) => ms !== undefined);
  console.log(
    markdownRow([
      name,
      Math.round(middle),
      starts.map((start) => Math.round(start.ms)).join(", "),
      cpu.length > 0 ? Math.round(median(cpu)) : "—",
      `< ${BUDGET_MS}`,
      middle < BUDGET_MS ? "yes" : "no",
      CORES,
    ]),
  );
}

/** `runs` starts of each way, alternating, on a data directory from `dataDir()`. */
async function alternate(dataDir: () => string, initdb: string[]): Promise<Map<Way, Start[]>> {
  const times = new Map(WAYS.map((way) => [way, [] as Start[]]));
  for (let i = 0; i < runs; i++) {
    for (const way of WAYS) {
      const start = await startOnce(way, dataDir());
      times.get(way)?.push(start);
      if (start.initdb) initdb.push(`${way.prefix}${start.initdb}`);
    }
  }
  return times;
}

await runMain(async () => {
  console.log(`Start time: ${runs} runs each; ${machineLine()}`);
  await makeTreeBuilt();
  if (!timesNpmStart) console.log(`--web-dir is not ${BUILT_WEB_DIR}: \`npm start\` is not timed.`);
  if (!fs.existsSync(path.join(webDir, "index.html")))
    console.log(`No built web app in ${webDir}: the server rows time the API alone.`);
  console.log("");
  console.log(
    markdownHeader(["start", "median ms", "runs ms", "median CPU ms", "budget ms", "met", "cores"]),
  );

  const initdb: string[] = [];
  const empty = await alternate(() => tempDir("start-empty"), initdb);
  for (const [way, times] of empty)
    report(`${way.prefix}PGlite, empty data directory (creates and migrates)`, times);

  const seededDir = (await seededStorage("pglite", "", sizes)).env.DATA_DIR ?? "";
  await startOnce(SERVER_PROCESS, seededDir); // the first start after seeding may still find work to do
  const seeded = await alternate(() => seededDir, initdb);
  const counts = `${sizes.users} users, ${sizes.posts} posts, ${sizes.reviews} reviews, ${sizes.messages} messages`;
  for (const [way, times] of seeded) report(`${way.prefix}PGlite, seeded (${counts})`, times);

  console.log(
    initdb.length === 0
      ? "\nEvery empty start copied the template."
      : `\n${initdb.length} of ${runs * WAYS.length} empty starts ran initdb instead of copying the template: ${initdb[0]}`,
  );
  console.log(`Done; ${machineLine()}`);
});
