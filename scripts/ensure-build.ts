// Builds the web app when there is no build yet or a source file is newer than it, so `npm start`
// on an already-built tree starts at once and never serves a stale front end.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/web/index.html");
const sources = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"].map((p) =>
  path.join(root, p),
);

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
const stale = !built || Math.max(...sources.map(newestMtime)) > built.mtimeMs;
if (stale) {
  console.log(
    built ? "Sources changed since the last build: building the web app…" : "Building the web app…",
  );
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
}
