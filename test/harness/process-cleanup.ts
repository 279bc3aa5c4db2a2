import fs from "node:fs";
import { afterEach } from "vitest";
import type { ServerProcess } from "./server-process.ts";

/**
 * For test files that start server processes on temporary directories: what a test pushes onto
 * `running` is killed, and what it pushes onto `tempDirs` removed, after each test.
 */
export function stoppedAfterEach() {
  const running: ServerProcess[] = [];
  const tempDirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { running, tempDirs };
}
