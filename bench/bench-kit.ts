/**
 * What api-ratio.ts and start-time.ts share: server processes that are always stopped (also on
 * failure or Ctrl-C), scratch databases, autocannon runs and markdown rows.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";
import { createScratchPostgres } from "../test/harness/scratch-postgres.ts";
import { SERVER_MAIN, type ServerProcess, startProcess } from "../test/harness/server-process.ts";
import { type SeedResult, type SeedSizes, seed } from "./seed-data.ts";

// ── command line ────────────────────────────────────────────────────────────

type BenchArgs<T> = {
  [K in keyof T]: T[K] extends number
    ? number
    : T[K] extends boolean
      ? boolean
      : string | undefined;
};

/**
 * The script's `--name` options, each given by its default: a number takes `--name 123` (anything
 * but a number stops the script), a boolean is a flag, and null is a text with no default.
 */
export function benchArgs<const T extends Record<string, number | boolean | null>>(
  defaults: T,
): BenchArgs<T> {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, fallback]) => [
        name,
        typeof fallback === "boolean"
          ? { type: "boolean" as const, default: fallback }
          : { type: "string" as const },
      ]),
    ),
  });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => {
      const value = values[name];
      if (typeof fallback !== "number") return [name, value];
      if (value === undefined) return [name, fallback];
      const number = Number(value);
      if (!Number.isFinite(number)) throw new Error(`--${name} takes a number, not "${value}"`);
      return [name, number];
    }),
  ) as BenchArgs<T>;
}

// ── clean-up ────────────────────────────────────────────────────────────────

const cleanups: (() => Promise<void> | void)[] = [];

/** Runs at `cleanUp()`, last registered first. */
export function onCleanUp(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn?.();
    } catch (error) {
      console.error("clean-up step failed:", error);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs `main`, then cleans up whatever it started, whether it succeeded or not. */
export async function runMain(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  } finally {
    await cleanUp();
  }
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ylt-${prefix}-`));
  onCleanUp(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ── processes ───────────────────────────────────────────────────────────────

/**
 * Starts `node <args>` as its own process (test/harness/server-process.ts) with only PATH and HOME
 * of this environment, through `wrapper` if given (a command that ends by running its arguments);
 * stopped by `cleanUp()` at the latest.
 */
export function startNode(
  args: string[],
  env: Record<string, string>,
  port: number,
  { wrapper = [], stdout }: { wrapper?: string[]; stdout?: "ignore" | "pipe" } = {},
): ServerProcess {
  const [command = process.execPath, ...wrapperArgs] = wrapper;
  const server = startProcess(
    command,
    wrapper.length > 0 ? [...wrapperArgs, process.execPath, ...args] : args,
    { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    port,
    { stdout },
  );
  onCleanUp(() => server.stop().then(() => {}));
  return server;
}

/** The server in production mode on this machine, as it runs behind the proxy. */
export const PRODUCTION_ENV: Record<string, string> = {
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  ALLOWED_HOSTS: "localhost", // production needs PUBLIC_ORIGIN or ALLOWED_HOSTS
};

/** The limits per client address lifted: all the load comes from this one machine. */
export const ONE_ADDRESS_LIMITS_LIFTED: Record<string, string> = {
  MAX_CONNECTIONS_PER_ADDRESS: "100000",
  CHAT_SOCKETS_PER_ADDRESS: "100000",
  CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
};

/**
 * The real server in production mode on `port` (PRODUCTION_ENV), with `env` on top; `nodeArgs` go
 * before the script. Stopped by `cleanUp()` at the latest.
 */
export function startProductionServer(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ServerProcess {
  return startNode(
    [...nodeArgs, SERVER_MAIN],
    { PORT: String(port), ...PRODUCTION_ENV, ...env },
    port,
  );
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────

export const DEFAULT_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** A new, empty database on the server of `adminUrl`; dropped by `cleanUp()`. */
export async function scratchPostgres(adminUrl: string): Promise<string> {
  const scratch = await createScratchPostgres(adminUrl, "ylt_bench");
  onCleanUp(() => scratch.drop());
  return scratch.url;
}

export async function postgresReachable(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

// ── load ────────────────────────────────────────────────────────────────────

export type LoadOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** A new path for each request (autocannon's setupRequest), e.g. a random id. */
  path?: () => string;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

type AutocannonResult = {
  requests: { total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (
  options: Record<string, unknown>,
  callback: (error: Error | null, result: AutocannonResult) => void,
) => unknown;

// autocannon ships CommonJS without types.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** Load from this process (never the server's): `connections` keep-alive connections for `duration` s. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        body: options.body,
        timeout: 10,
        ...(options.path
          ? {
              requests: [
                {
                  setupRequest: (request: { path: string }) => {
                    request.path = options.path?.() ?? request.path;
                    return request;
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.total / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
  });
}

// ── reporting ───────────────────────────────────────────────────────────────

export const CORES = os.cpus().length;

export function machineLine(): string {
  const [one, five] = os.loadavg();
  return (
    `Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model.trim() ?? "?"}), ` +
    `load average ${one?.toFixed(2)} (1 min) ${five?.toFixed(2)} (5 min)`
  );
}

export function markdownRow(cells: (string | number)[]): string {
  return `| ${cells.join(" | ")} |`;
}

export function markdownHeader(cells: string[]): string {
  return `${markdownRow(cells)}\n|${cells.map(() => "---").join("|")}|`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// ── seeded storage and a signed-in account (api-ratio.ts, api-floor.ts) ────

/**
 * A fresh database seeded with `sizes` and closed again: a temporary DATA_DIR for PGlite, or a
 * scratch database on the server of `postgresUrl`, both removed by `cleanUp()`. Returns the env
 * that points a server at it.
 */
export async function seededStorage(
  kind: "pglite" | "postgres",
  postgresUrl: string,
  sizes: SeedSizes,
): Promise<{ env: Record<string, string>; seeded: SeedResult }> {
  let database: Database;
  let env: Record<string, string>;
  let release = () => {};
  if (kind === "pglite") {
    const dataDir = tempDir("seeded");
    release = lockDataDir(dataDir);
    database = await openPglite(dataDir);
    env = { DATA_DIR: dataDir };
  } else {
    const url = await scratchPostgres(postgresUrl);
    database = await openPostgres(url, 1);
    env = { DATABASE_URL: url };
  }
  try {
    return { env, seeded: await seed(database, sizes) };
  } finally {
    await database.close();
    release();
  }
}

/** Registers an account and creates its profile through the API; returns the session cookie. */
export async function signUp(base: string): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const headers = {
    "content-type": "application/json",
    origin: base,
    "sec-fetch-site": "same-origin",
  };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `bench-${suffix}@example.test`, password: `Bench-${suffix}-pw` }),
  });
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  }
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.includes("ylt_session="));
  if (!cookie) throw new Error("register set no session cookie");
  const profile = await fetch(`${base}/api/users`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ username: `bench_${suffix}`, skills: ["Plumber"], interests: [] }),
  });
  if (profile.status !== 201) {
    throw new Error(`profile creation answered ${profile.status}: ${await profile.text()}`);
  }
  return cookie;
}

/** The 1-minute load average, two decimals. */
export const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2);
