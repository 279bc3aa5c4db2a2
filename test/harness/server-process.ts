import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_MAIN = path.join(ROOT, "src/server/main.ts");
/** How long `stop` waits after its signal before it sends SIGKILL. */
const STOP_GRACE_MS = 10_000;
/** How much of a process's standard error is kept for error messages. */
const STDERR_KEPT = 64 * 1024;

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

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Sends `signal`, then SIGKILL if it is still running 10 s later; resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts `command args` (in the repository's folder) as a server on `port`. Its standard error is
 * kept for error messages; its standard output is discarded unless `stdout: "pipe"` (then read
 * `child.stdout`).
 */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  { stdout = "ignore" }: { stdout?: "ignore" | "pipe" } = {},
): ServerProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", stdout, "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + String(chunk)).slice(-STDERR_KEPT);
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(force);
      }
    },
  };
}

/**
 * Starts the real server (`node [nodeArgs] src/server/main.ts`) as its own process, in test mode
 * on 127.0.0.1 unless `env` says otherwise; `env.PORT` is required. `stdout: "pipe"` to read its log.
 */
export function startServer(
  env: Record<string, string>,
  { nodeArgs = [], stdout }: { nodeArgs?: string[]; stdout?: "ignore" | "pipe" } = {},
): ServerProcess {
  return startProcess(
    process.execPath,
    [...nodeArgs, SERVER_MAIN],
    {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      ...env,
    },
    Number(env.PORT),
    { stdout },
  );
}

/**
 * Polls `path` (the health check by default) until it answers 2xx; resolves to the milliseconds
 * waited, or throws with what the process printed.
 */
export async function waitForHealthy(
  server: ServerProcess,
  timeoutMs = 30_000,
  { path = "/api/health", intervalMs = 50 }: { path?: string; intervalMs?: number } = {},
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}: ${server.stderr()}`);
    }
    try {
      const res = await fetch(`${server.url}${path}`);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${server.url}${path} did not answer in ${timeoutMs} ms: ${server.stderr()}`);
}
