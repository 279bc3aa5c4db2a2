/**
 * What api-ratio.ts and start-time.ts share: server processes that are always stopped (also on
 * failure or Ctrl-C), scratch databases, autocannon runs and markdown rows.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_MAIN = path.join(ROOT, "src/server/main.ts");

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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type Started = {
  child: ChildProcess;
  url: string;
  /** Stops it (SIGTERM, then SIGKILL after 10 s) and waits for the exit. */
  stop(): Promise<void>;
  output(): string;
};

/**
 * Starts `node <args>` as its own process; its standard output is discarded (a production server
 * logs there), standard error kept for error messages. Stopped by `cleanUp()` at the latest.
 */
export function startNode(args: string[], env: Record<string, string>, port: number): Started {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(force);
    }
  };
  onCleanUp(stop);
  return { child, url: `http://127.0.0.1:${port}`, stop, output: () => stderr };
}

/** Polls `url` until it answers 2xx; resolves to the milliseconds waited. */
export async function waitForOk(
  started: Started,
  url: string,
  { timeoutMs = 60_000, intervalMs = 5 } = {},
): Promise<number> {
  const begin = performance.now();
  while (performance.now() - begin < timeoutMs) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`process exited (${started.child.exitCode}): ${started.output()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - begin;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${started.output()}`);
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────

export const DEFAULT_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** A new, empty database on the server of `adminUrl`; dropped by `cleanUp()`. */
export async function scratchPostgres(adminUrl: string): Promise<string> {
  const name = `ylt_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanUp(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
