import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "./harness/test-database.ts";

/**
 * The benchmarks with tiny sizes and split-second runs, so they keep working as the app changes.
 * Only that they run and print their rows is checked, never a timing. Each runs once, in the PGlite
 * project; the PostgreSQL project runs only what has a PostgreSQL path of its own: api-ratio.ts
 * (the app on PostgreSQL) and api-floor.ts on one route (the floor's pg driver and the Express
 * peer, which exists only on PostgreSQL). Issue 29: this file took 164 s on PGlite and 115 s on
 * PostgreSQL.
 */
const onPglite = testDatabaseKind === "pglite";
const root = path.resolve(import.meta.dirname, "..");
let scratch = "";
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-bench-smoke-"));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const TINY = ["--users", "12", "--posts", "45", "--reviews", "30", "--messages", "5"];

function bench(
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "bench", file), ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The markdown rows of a table whose first cell is `first`, as arrays of cells. */
function rows(stdout: string, first: string): string[][] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith(`| ${first} |`))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const cores = String(os.cpus().length);

describe("benchmarks, smoke run", () => {
  it.skipIf(!onPglite)(
    "seed.ts fills an embedded database with the sizes asked for",
    async () => {
      const run = await bench("seed.ts", TINY, { DATA_DIR: path.join(scratch, "seeded") });
      expect(run.stderr).not.toMatch(/Error/);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /Seeded 12 users with profiles, 45 posts, 30 reviews and 5 chat messages in [\d.]+ s/,
      );
    },
    180_000,
  );

  it.skipIf(!onPglite)(
    "seed.ts refuses more reviews than author and subject pairs",
    async () => {
      const run = await bench("seed.ts", ["--users", "3", "--reviews", "7"], {
        DATA_DIR: path.join(scratch, "refused"),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("--reviews must be at most 6 for 3 users");
    },
    60_000,
  );

  it("api-ratio.ts prints a row per request with the share of node:http", async () => {
    const database = testDatabaseKind;
    const args = [...TINY, "--duration", "0.3", "--warmup", "0", "--connections", "4"];
    args.push("--databases", database, "--log-level", "warn");
    if (database === "postgres") args.push("--postgres-url", process.env.TEST_DATABASE_URL ?? "");
    const run = await bench("api-ratio.ts", args);
    expect(run.code, run.stderr).toBe(0);
    const label = database === "pglite" ? "PGlite" : "PostgreSQL";
    const baselines = rows(run.stdout, "—");
    const api = rows(run.stdout, label);
    expect(baselines.map((row) => row[1])).toEqual([
      "`node:http hello world`",
      "`Fastify bare route`",
    ]);
    expect(api.map((row) => row[1]?.replace(/ \(.*\)$/, ""))).toEqual([
      "`GET /api/articles/:id`",
      "`GET /api/articles/:id`",
      "`GET /api/articles`",
      "`GET /api/articles?cursor=`",
      "`GET /api/users/username/:username`",
      "`GET /api/reviews?created_about=`",
      "`POST /api/articles`",
    ]);
    for (const row of [...baselines, ...api]) {
      expect(Number(row[2]), row.join(" | ")).toBeGreaterThan(0);
      expect(row[5]).toMatch(/^\d+%$/);
      expect(row[7]).not.toMatch(/non-2xx|errors|timeouts/);
      expect(row[8]).toBe(cores);
    }
  }, 180_000);

  it("api-floor.ts compares the app with its floor and peer and prints a row per route", async () => {
    const database = testDatabaseKind;
    const args = [...TINY, "--rounds", "1", "--duration", "1", "--warmup", "0"];
    args.push("--connections", "2", "--threads", "1", "--generators", "wrk");
    args.push("--databases", database, "--log-level", "warn");
    if (database === "postgres") {
      // Every route's floor already ran on PGlite: here the pg driver and the peer, on one route.
      args.push("--postgres-url", process.env.TEST_DATABASE_URL ?? "", "--routes", "post-random");
    }
    const run = await bench("api-floor.ts", args);
    expect(run.code, run.stderr).toBe(0);
    const label = database === "pglite" ? "PGlite" : "PostgreSQL";
    expect(run.stderr).toContain(`${label}: floor`);
    const table = run.stdout
      .split("\n")
      .filter((line) => /^\| (GET|POST|node:http)/.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const everyRoute = [
      "GET /api/articles/:id",
      "GET /api/articles",
      "GET /api/articles?cursor=",
      "GET /api/articles?topic=Plumbing",
      "GET /api/users/username/:username",
      "GET /api/reviews?created_about=",
      "GET /api/search/posts?q=walnut",
      "POST /api/articles",
    ];
    expect(table.map((row) => row[0]?.replace(/ \(.*\)$/, ""))).toEqual([
      ...(database === "pglite" ? everyRoute : everyRoute.slice(0, 1)),
      "node:http hello-world",
    ]);
    for (const row of table) {
      expect(Number(row[1]), row.join(" | ")).toBeGreaterThan(0);
      expect(row[10], row.join(" | ")).toBe("0");
    }
    for (const row of table.slice(0, -1)) {
      expect(Number(row[2]), row.join(" | ")).toBeGreaterThan(0);
      expect(row[3]).toMatch(/^\d+%$/);
      if (database === "postgres") expect(Number(row[4]), row.join(" | ")).toBeGreaterThan(0);
    }
  }, 240_000);

  it.skipIf(!onPglite)(
    "photos.ts prints a row per kind of upload with its timings and the bytes kept",
    async () => {
      const run = await bench("photos.ts", ["--runs", "1"]);
      expect(run.code, run.stderr).toBe(0);
      const uploads = run.stdout
        .split("\n")
        .filter((line) => /^\| (phone JPEG|JPEG|PNG|WebP) /.test(line));
      expect(uploads).toHaveLength(4);
      for (const line of uploads)
        expect(line).toMatch(/\| \d+ \/ \d+ ms \| \d+ ms \| [\d.]+ KB \|$/);
      expect(run.stdout).toMatch(/Peak resident memory of this process: \d+ MB/);
    },
  );

  it.skipIf(!onPglite)(
    "scale.ts prints latency and database time per request",
    async () => {
      const args = ["--sizes", "45", "--requests", "3", "--warmup", "0", "--wrk-seconds", "1"];
      args.push("--wrk-connections", "2", "--databases", "pglite");
      const run = await bench("scale.ts", args);
      expect(run.code, run.stderr).toBe(0);
      const rows = run.stdout.split("\n").filter((line) => line.startsWith("| PGlite | `"));
      // Five requests, each once for latency and once for database time.
      expect(rows).toHaveLength(10);
      for (const row of rows) expect(row).toMatch(/\| [\d.]+ (\/ [\d.]+|\(\d+ \+ \d+\))/);
      const runs = run.stdout.split("\n").filter((line) => /^\| \w+ \| 45 \|/.test(line));
      expect(runs).toHaveLength(1);
    },
    180_000,
  );

  it.skipIf(!onPglite)(
    "search.ts prints a row per request, with the share of the uncached post read",
    async () => {
      const args = ["--users", "12", "--post-sizes", "45", "--reviews", "30", "--messages", "5"];
      args.push("--duration", "0.3", "--warmup", "0", "--connections", "4");
      args.push("--databases", "pglite");
      const run = await bench("search.ts", args);
      expect(run.code, run.stderr).toBe(0);
      const measured = rows(run.stdout, "PGlite").filter((row) => row.length === 12);
      const requests = measured.map((row) => `${row[1]} ${row[2]?.replace(/ \(.*\)$/, "")}`);
      const expected = [
        "`GET /api/articles/:id`",
        "`GET /api/search/posts?q=`",
        "`GET /api/search/posts?q=&within=25`",
        "`GET /api/search/posts?q=&near=`",
        "`GET /api/search/posts?within=25`",
        "`GET /api/search/people?q=`",
        "`GET /api/search/people?q=&within=25`",
        "`GET /api/search/people?q=&near=`",
      ];
      expect(requests).toEqual(expected.map((request) => `45 ${request}`));
      for (const row of measured) {
        expect(Number(row[5]), row.join(" | ")).toBeGreaterThan(0);
        expect(row[10]).not.toMatch(/non-2xx|errors|timeouts|no requests/);
        expect(row[11]).toBe(cores);
      }
      for (const row of measured.filter((cells) => cells[2]?.includes("search"))) {
        expect(row[8]).toMatch(/^\d+%$/);
      }
      const indexes = rows(run.stdout, "PGlite").filter((row) => row.length === 9);
      expect(indexes.map((row) => row[1])).toEqual(["45"]);
      for (const row of indexes)
        expect(row.slice(2).every((cell) => /^\d+\.\d MB$/.test(cell))).toBe(true);
    },
    180_000,
  );

  it.skipIf(!onPglite)(
    "start-time.ts times cold starts, empty and seeded",
    async () => {
      const run = await bench("start-time.ts", [
        ...TINY,
        "--runs",
        "1",
        "--web-dir",
        path.join(scratch, "no-web"),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const starts = rows(run.stdout, "PGlite, empty data directory (creates and migrates)");
      const seeded = run.stdout.split("\n").filter((line) => line.startsWith("| PGlite, seeded"));
      expect(starts).toHaveLength(1);
      expect(seeded).toHaveLength(1);
      expect(Number(starts[0]?.[1])).toBeGreaterThan(0);
    },
    180_000,
  );

  it.skipIf(!onPglite)(
    "dm-latency.ts times direct messages from send to the recipient's frame",
    async () => {
      const run = await bench("dm-latency.ts", [
        "--idle",
        "5",
        "--messages",
        "5",
        "--only",
        "pglite",
      ]);
      expect(run.code, run.stderr).toBe(0);
      const [row] = rows(run.stdout, "1 instance, embedded PGlite");
      expect(row?.[1]).toBe("5");
      expect(Number(row?.[2])).toBeGreaterThan(0);
    },
    180_000,
  );

  it.skipIf(!onPglite)(
    "notifications.ts writes notifications, sends messages and runs the mail and digest jobs",
    async () => {
      const run = await bench("notifications.ts", [
        ...["--notifications", "40", "--sends", "20", "--senders", "4", "--recipients", "4"],
        ...["--due", "6", "--concurrency", "4", "--databases", "pglite"],
      ]);
      expect(run.code, run.stderr).toBe(0);
      const [row] = rows(run.stdout, "PGlite");
      expect(row?.[1]).toMatch(/^[\d,]+\/min$/);
      expect(row?.[4]).toBe("0");
      expect(row?.[5]).toMatch(/^6 mails in /);
      expect(row?.[6]).toMatch(/^6 digests in /);
    },
    180_000,
  );
});
