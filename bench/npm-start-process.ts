/**
 * `npm start` as the user runs it, in the repository's folder, as a server on `port`. npm starts a
 * shell that starts node, so the three get a process group of their own and are stopped together:
 * `stop` signals the group and resolves once none of them is left (the server releases the data
 * directory's lock only when it has exited). Stopped by `cleanUp()` at the latest.
 */
import { spawn } from "node:child_process";
import { ROOT, type ServerProcess } from "../test/harness/server-process.ts";
import { onCleanUp } from "./bench-kit.ts";

const STOP_GRACE_MS = 10_000;
const STDERR_KEPT = 64 * 1024;

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

export function startNpmStart(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + String(chunk)).slice(-STDERR_KEPT);
  });
  // No npm on PATH: said in what the wait for the first answer reports when it gives up.
  child.once("error", (error) => {
    stderr += `could not run npm: ${error.message}\n`;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const pgid = child.pid;
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (pgid === undefined) return exited;
    signalGroup(pgid, signal);
    const began = performance.now();
    while (groupAlive(pgid)) {
      if (performance.now() - began > STOP_GRACE_MS) signalGroup(pgid, "SIGKILL");
      await new Promise((r) => setTimeout(r, 20));
    }
    return exited;
  };
  const server: ServerProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    exited,
    stop,
  };
  onCleanUp(() => stop().then(() => {}));
  return server;
}
