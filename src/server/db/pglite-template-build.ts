import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migratePgliteDatabase } from "./migrate.ts";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import {
  installedPgliteVersion,
  migrationHashes,
  type TemplateStamp,
  templateDataDir,
  templateStampPath,
} from "./pglite-template-stamp.ts";

/**
 * Makes the PGlite template in `dir`: a database with every migration, made by PGlite itself in a
 * directory on disk and closed cleanly, so a copy opens like any existing data directory.
 */
export function buildPgliteTemplate(dir: string): Promise<TemplateStamp> {
  const stamp = { pgliteVersion: installedPgliteVersion(), migrations: migrationHashes() };
  return writeTemplate(dir, stamp, async (dataDir) => {
    const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    try {
      await client.waitReady;
      await migratePgliteDatabase(client);
    } finally {
      await client.close();
    }
  });
}

/**
 * Has `fill` make the data directory beside `dir`, writes the stamp, then puts both in its place, so
 * a build that stops half way or runs twice at once never leaves a stamp over another database.
 */
export async function writeTemplate(
  dir: string,
  stamp: TemplateStamp,
  fill: (dataDir: string) => Promise<void>,
): Promise<TemplateStamp> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const staging = fs.mkdtempSync(`${dir}.tmp-`);
  try {
    fs.chmodSync(staging, 0o755); // mkdtemp's 0700 would hide it from the server's own user
    await fill(templateDataDir(staging));
    fs.writeFileSync(templateStampPath(staging), `${JSON.stringify(stamp, null, 2)}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      // Another build put its template there in between: made from the same tree, as good as ours.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return stamp;
}
