// Builds the web app when there is no build yet or a source file is newer than it, so `npm start`
// on an already-built tree starts at once and never serves a stale front end. Likewise the embedded
// database's template, made again when PGlite or the migrations changed, so a first start on an
// empty data directory skips initdb. `npm start` runs it in the server's own process
// (scripts/start.ts); `node scripts/ensure-build.ts` runs it alone.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGLITE_TEMPLATE_DIR, templateIsCurrent } from "../src/server/db/pglite-template-stamp.ts";

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

export async function ensureBuild(): Promise<void> {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
  const stale = !built || Math.max(...sources.map(newestMtime)) > built.mtimeMs;
  if (stale) {
    console.log(
      built
        ? "Sources changed since the last build: building the web app…"
        : "Building the web app…",
    );
    execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  }

  if (!templateIsCurrent(PGLITE_TEMPLATE_DIR)) {
    console.log("Making the embedded database's template…");
    const { buildPgliteTemplate } = await import("../src/server/db/pglite-template-build.ts");
    await buildPgliteTemplate(PGLITE_TEMPLATE_DIR);
  }
}

if (import.meta.main) await ensureBuild();
