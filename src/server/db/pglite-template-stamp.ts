/**
 * The prebuilt PGlite data directory (DESIGN §6: first request within 2 s): made at build time by
 * pglite-template-build.ts, copied by pglite-data-dir.ts into a data directory that has no database
 * yet, instead of running initdb in WebAssembly (seconds). Its stamp says what it was made from; a
 * template only fits the PGlite version that made it.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";

const ROOT = path.resolve(import.meta.dirname, "../../..");
export const PGLITE_TEMPLATE_DIR = path.join(ROOT, "dist/pglite-template");
// The folder migrate.ts applies; not imported from there, as that module loads both drivers and
// scripts/ensure-build.ts reads the stamp on every `npm start`.
const MIGRATIONS_FOLDER = path.join(ROOT, "migrations");

export type TemplateStamp = {
  pgliteVersion: string;
  /** Drizzle's hash of each migration the template holds, in order. */
  migrations: string[];
};

/** The file PGlite itself looks for to tell a database from an empty directory. */
export const DATABASE_MARKER = "PG_VERSION";

export const templateDataDir = (dir: string) => path.join(dir, "data");
export const templateStampPath = (dir: string) => path.join(dir, "stamp.json");

export function installedPgliteVersion(): string {
  // The package's exports leave out package.json: walk up from its entry point instead.
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, "utf8"));
      if (name === "@electric-sql/pglite") return String(version);
    }
    if (path.dirname(dir) === dir) throw new Error("@electric-sql/pglite has no package.json");
    dir = path.dirname(dir);
  }
}

export function migrationHashes(): string[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.hash);
}

export function readTemplateStamp(dir: string): TemplateStamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(templateStampPath(dir), "utf8")) as TemplateStamp;
  } catch {
    return undefined;
  }
}

const isPrefix = (start: string[], all: string[]) =>
  start.length <= all.length && start.every((hash, i) => all[i] === hash);

/**
 * Why the template in `dir` cannot make a database here, or undefined when it can. One made before
 * the newest migrations fits: they are applied after copying, as on any start.
 */
export function templateProblem(dir: string): string | undefined {
  const stamp = readTemplateStamp(dir);
  if (!stamp) return `no template in ${dir} (\`npm run build\` makes it)`;
  const installed = installedPgliteVersion();
  if (stamp.pgliteVersion !== installed)
    return `the template in ${dir} was made by PGlite ${stamp.pgliteVersion}, this is ${installed}`;
  if (!Array.isArray(stamp.migrations) || !isPrefix(stamp.migrations, migrationHashes()))
    return `the template in ${dir} holds migrations that are not in migrations/`;
  if (!fs.existsSync(path.join(templateDataDir(dir), DATABASE_MARKER)))
    return `the template in ${dir} has no database`;
  return undefined;
}

/** Whether the build can keep the template in `dir`: one that fits and holds every migration. */
export function templateIsCurrent(dir: string): boolean {
  return (
    templateProblem(dir) === undefined &&
    readTemplateStamp(dir)?.migrations.length === migrationHashes().length
  );
}
