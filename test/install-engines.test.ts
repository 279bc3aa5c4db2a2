import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./harness/server-process.ts";

/**
 * Issue 34 item 13: `npm ci` on a fresh machine (the system's Node, 20 here) prints no engine
 * warning. Run on a copy of the manifest, the lock and .npmrc, offline and as a dry run: nothing is
 * installed, nothing fetched. The system's npm, not the project's Node 24 (scripts put
 * node_modules/.bin first on PATH): what a newcomer's first command runs on.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-npm-ci-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
  fs.copyFileSync(path.join(ROOT, file), path.join(scratch, file));
}

const systemPath = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((dir) => !dir.includes("node_modules"))
  .join(path.delimiter);

function npmCiDryRun(extra: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "npm",
      ["ci", "--dry-run", "--ignore-scripts", "--offline", "--no-audit", "--no-fund", ...extra],
      { cwd: scratch, env: { PATH: systemPath, HOME: process.env.HOME ?? "" } },
      (error, stdout, stderr) => (error ? reject(error) : resolve(stdout + stderr)),
    );
  });
}

describe("npm ci on the system's Node", () => {
  it("prints no engine warning with the project's settings", async () => {
    expect(await npmCiDryRun()).not.toContain("EBADENGINE");
  }, 120_000);

  it("finds the project's own engines met even with warnings shown: what installs is Node 20 or newer", async () => {
    const output = await npmCiDryRun(["--loglevel=warn"]);
    expect(output).not.toContain("package: 'your-local-talents@");
  }, 120_000);
});
