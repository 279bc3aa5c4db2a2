import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Runs the app server for the browser tests (playwright.config.ts webServer) on the scratch DATA_DIR
 * it is given, and removes that directory once the server has stopped: Playwright ends the run with
 * SIGTERM to both processes, the server shuts down gracefully, then this one cleans up.
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const main = path.resolve(import.meta.dirname, "../../src/server/main.ts");
const server = spawn(process.execPath, [main], { stdio: "inherit" });
// The signal reaches the server too (same process group): wait for it to exit, nothing more.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => {});
server.once("exit", (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
