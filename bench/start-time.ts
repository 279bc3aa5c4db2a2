/**
 * Start (DESIGN §6, issue 7): time from process start to the first answered request of the
 * production server on a built tree, on the embedded database: with an empty data directory (it
 * creates and migrates itself) and with the seeded one. A few runs each; the median counts.
 *
 *   npx node bench/start-time.ts [--runs 5] [--web-dir dist/web]
 *     [--users 10000 --posts 100000 --reviews 50000 --messages 10000]
 *
 * The clock starts just before the process is spawned and stops when `GET /` (the first page,
 * from the built web app) and then `GET /api/health` (which reads the database) have answered.
 * Without a built web app (no index.html in --web-dir) it times the API alone and says so.
 * `npm start` runs scripts/ensure-build.ts first (on a built tree it only compares file times and
 * reads the PGlite template's stamp); it is left out here because on a stale tree it would rebuild
 * dist/web. What it would do for the embedded database is done here: the template in
 * dist/pglite-template is made first when missing or stale, so an empty data directory starts the
 * way it does after `npm start`. Each empty start that ran initdb instead is counted and named.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { openPglite } from "../src/server/db/database.ts";
import { buildPgliteTemplate } from "../src/server/db/pglite-template-build.ts";
import {
  PGLITE_TEMPLATE_DIR,
  readTemplateStamp,
  templateIsCurrent,
} from "../src/server/db/pglite-template-stamp.ts";
import { freePort, ROOT, waitForHealthy } from "../test/harness/server-process.ts";
import {
  CORES,
  machineLine,
  markdownHeader,
  markdownRow,
  median,
  runMain,
  startProductionServer,
  tempDir,
} from "./bench-kit.ts";
import { checkSizes, SIZE_OPTIONS, seed, sizesFrom } from "./seed-data.ts";

const BUDGET_MS = 2000;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    "web-dir": { type: "string", default: path.join(ROOT, "dist/web") },
    ...SIZE_OPTIONS,
  },
});
const runs = Number(values.runs);
const webDir = path.resolve(values["web-dir"]);
const sizes = sizesFrom(values);
const sizeProblem = checkSizes(sizes);
if (sizeProblem || !Number.isInteger(runs) || runs < 1) {
  console.error(sizeProblem ?? "--runs must be a whole number ≥ 1");
  process.exit(1);
}
const built = fs.existsSync(path.join(webDir, "index.html"));

/** What the server says on standard error when a new data directory cannot start from the template. */
const INITDB_LINE = /^Creating the embedded database with initdb.*$/m;

/** One cold start: spawn, then wait for the first page and a database read. */
async function startOnce(dataDir: string): Promise<{ ms: number; initdb: string | undefined }> {
  const port = await freePort();
  const began = performance.now();
  const server = startProductionServer(port, { DATA_DIR: dataDir, WEB_DIR: webDir });
  if (built) await waitForHealthy(server, 60_000, { path: "/", intervalMs: 2 });
  await waitForHealthy(server, 60_000, { intervalMs: 2 });
  const ms = performance.now() - began;
  await server.stop();
  return { ms, initdb: INITDB_LINE.exec(server.stderr())?.[0] };
}

/** As `npm start` would have it (scripts/ensure-build.ts): a template for this PGlite and migrations. */
async function ensureTemplate(): Promise<void> {
  if (!templateIsCurrent(PGLITE_TEMPLATE_DIR)) {
    const began = performance.now();
    await buildPgliteTemplate(PGLITE_TEMPLATE_DIR);
    console.log(`Made the PGlite template in ${Math.round(performance.now() - began)} ms`);
  }
  const stamp = readTemplateStamp(PGLITE_TEMPLATE_DIR);
  console.log(
    `Empty data directories start from ${PGLITE_TEMPLATE_DIR} (PGlite ${stamp?.pgliteVersion}, ` +
      `${stamp?.migrations.length} migrations)`,
  );
}

function report(name: string, times: number[]): void {
  const middle = median(times);
  console.log(
    markdownRow([
      name,
      Math.round(middle),
      times.map((t) => Math.round(t)).join(", "),
      `< ${BUDGET_MS}`,
      middle < BUDGET_MS ? "yes" : "no",
      CORES,
    ]),
  );
}

await runMain(async () => {
  console.log(`Start time: ${runs} runs each; ${machineLine()}`);
  console.log(
    built
      ? `Built web app: ${webDir}`
      : `No built web app in ${webDir}: timing the API alone (build with \`npx vite build\` first).`,
  );
  await ensureTemplate();
  console.log("");
  console.log(markdownHeader(["start", "median ms", "runs ms", "budget ms", "met", "cores"]));

  const empty: number[] = [];
  const initdb: string[] = [];
  for (let i = 0; i < runs; i++) {
    const start = await startOnce(tempDir("start-empty"));
    empty.push(start.ms);
    if (start.initdb) initdb.push(start.initdb);
  }
  report("PGlite, empty data directory (creates and migrates)", empty);

  const seededDir = tempDir("start-seeded");
  const release = lockDataDir(seededDir);
  const database = await openPglite(seededDir);
  try {
    await seed(database, sizes);
  } finally {
    await database.close();
    release();
  }
  await startOnce(seededDir); // the first start after seeding may still find work to do
  const seeded: number[] = [];
  for (let i = 0; i < runs; i++) seeded.push((await startOnce(seededDir)).ms);
  const counts = `${sizes.users} users, ${sizes.posts} posts, ${sizes.reviews} reviews, ${sizes.messages} messages`;
  report(`PGlite, seeded (${counts})`, seeded);

  console.log(
    initdb.length === 0
      ? `\nEvery empty start copied the template.`
      : `\n${initdb.length} of ${runs} empty starts ran initdb instead of copying the template: ${initdb[0]}`,
  );
  console.log(`Done; ${machineLine()}`);
});
