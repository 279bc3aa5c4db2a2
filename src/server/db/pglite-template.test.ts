import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { openPglite } from "./database.ts";
import { MIGRATIONS_DIR, migratePgliteDatabase } from "./migrate.ts";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import { buildPgliteTemplate, writeTemplate } from "./pglite-template-build.ts";
import {
  installedPgliteVersion,
  migrationHashes,
  PGLITE_TEMPLATE_DIR,
  readTemplateStamp,
  type TemplateStamp,
  templateDataDir,
  templateIsCurrent,
  templateProblem,
  templateStampPath,
} from "./pglite-template-stamp.ts";

/** What migrations made of a database: tables, columns, indexes, constraints, the migrations table. */
async function shape(client: PGlite) {
  const rows = async (text: string) => (await client.query(text)).rows;
  const ours = "table_schema in ('public', 'drizzle')";
  return {
    tables: await rows(
      `select table_schema, table_name from information_schema.tables where ${ours} order by 1, 2`,
    ),
    columns: await rows(
      `select table_name, column_name, data_type, is_nullable, column_default
         from information_schema.columns where ${ours} order by 1, 2`,
    ),
    indexes: await rows(
      "select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1",
    ),
    constraints: await rows(
      `select conname, pg_get_constraintdef(oid) as definition from pg_constraint
         where connamespace = 'public'::regnamespace order by 1`,
    ),
    migrations: await rows(
      "select hash, created_at from drizzle.__drizzle_migrations order by created_at",
    ),
  };
}

/** Opens `dataDir` the way the server does, closes it, and reads it back as it was left on disk. */
async function openAndReadBack(dataDir: string, templateDir: string) {
  const database = await openPglite(dataDir, { templateDir });
  await database.close();
  const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  try {
    return await shape(client);
  } finally {
    await client.close();
  }
}

/**
 * The data directory's system identifier, which initdb draws at random: a copy of the template
 * keeps the template's, a database made by initdb has its own. It opens pg_control (a 64-bit
 * integer at its start) without starting PostgreSQL, which would write to the template.
 */
const systemId = (dataDir: string) =>
  fs.readFileSync(path.join(dataDir, "global/pg_control")).readBigUInt64LE(0);

/** A copy of the template in `from` at `to`, changed by `change`. */
function variant(from: string, to: string, change: (dir: string) => void): string {
  fs.cpSync(from, to, { recursive: true });
  change(to);
  return to;
}

describe.skipIf(testDatabaseKind !== "pglite")("PGlite data directory from the template", () => {
  // Made in beforeAll: a skipped suite's body still runs, its hooks do not.
  const scratch = path.join(os.tmpdir(), `ylt-pglite-template-${process.pid}-${Date.now()}`);
  const templateDir = path.join(scratch, "template");
  const olderTemplateDir = path.join(scratch, "older-template");
  let expected: Awaited<ReturnType<typeof shape>>;
  let warn: ReturnType<typeof vi.spyOn>;

  const newDataDir = () => fs.mkdtempSync(path.join(scratch, "data-"));

  beforeAll(async () => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fs.mkdirSync(scratch, { mode: 0o700 });
    await buildPgliteTemplate(templateDir);
    // What a build before any migration would have left.
    const unmigrated = { pgliteVersion: installedPgliteVersion(), migrations: [] };
    await writeTemplate(olderTemplateDir, unmigrated, async (dataDir) => {
      const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
      await client.waitReady;
      await client.close();
    });
    // A database made the usual way (initdb, then migrations) is what every path must give.
    const reference = new PGlite({ extensions: PGLITE_EXTENSIONS });
    await reference.waitReady;
    await migratePgliteDatabase(reference);
    expected = await shape(reference);
    await reference.close();
  }, 120_000);

  afterEach(() => warn.mockClear());
  afterAll(() => {
    warn.mockRestore();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("builds a template stamped with this PGlite and every migration", () => {
    expect(readTemplateStamp(templateDir)).toEqual({
      pgliteVersion: installedPgliteVersion(),
      migrations: migrationHashes(),
    });
    expect(templateProblem(templateDir)).toBeUndefined();
    expect(templateIsCurrent(templateDir)).toBe(true);
    expect(expected.migrations.length).toBe(migrationHashes().length);
    expect(expected.tables.length).toBeGreaterThan(1);
  });

  it("stamps the migrations migrate.ts applies, and lives in dist/ beside the web app", () => {
    const applied = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash);
    expect(migrationHashes()).toEqual(applied);
    expect(path.relative(path.dirname(MIGRATIONS_DIR), PGLITE_TEMPLATE_DIR)).toBe(
      path.join("dist", "pglite-template"),
    );
  });

  it("starts a new data directory (lock file already there) as a copy of the template", async () => {
    const dataDir = newDataDir();
    const release = lockDataDir(dataDir);
    try {
      expect(await openAndReadBack(dataDir, templateDir)).toEqual(expected);
      expect(systemId(dataDir)).toBe(systemId(templateDataDir(templateDir)));
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);
    } finally {
      release();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it("applies the migrations a template made before them lacks", async () => {
    expect(templateProblem(olderTemplateDir)).toBeUndefined();
    expect(templateIsCurrent(olderTemplateDir)).toBe(false);
    const dataDir = newDataDir();
    expect(await openAndReadBack(dataDir, olderTemplateDir)).toEqual(expected);
    expect(systemId(dataDir)).toBe(systemId(templateDataDir(olderTemplateDir)));
    expect(warn).not.toHaveBeenCalled();
  });

  it("never overwrites a directory that holds a database", async () => {
    const dataDir = newDataDir();
    fs.cpSync(templateDataDir(templateDir), dataDir, { recursive: true });
    const first = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    await first.exec("create table kept (note text); insert into kept values ('mine')");
    await first.close();

    const database = await openPglite(dataDir, { templateDir });
    await database.close();
    const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    expect((await client.query("select note from kept")).rows).toEqual([{ note: "mine" }]);
    await client.close();
    expect(warn).not.toHaveBeenCalled();
  });

  it("names what is wrong with a template that is missing or incomplete", () => {
    const nowhere = path.join(scratch, "nowhere");
    expect(templateProblem(nowhere)).toMatch(
      /^no template in .*nowhere \(`npm run build` makes it\)$/,
    );
    expect(templateIsCurrent(nowhere)).toBe(false);
    const withoutData = variant(templateDir, path.join(scratch, "without-data"), (dir) =>
      fs.rmSync(templateDataDir(dir), { recursive: true }),
    );
    expect(templateProblem(withoutData)).toMatch(
      /^the template in .*without-data has no database$/,
    );
    expect(templateIsCurrent(withoutData)).toBe(false);
  });

  it("falls back to initdb with one line when the template was made by another PGlite", async () => {
    const otherVersion = variant(templateDir, path.join(scratch, "other-version"), (dir) => {
      const stamp = readTemplateStamp(dir) as TemplateStamp;
      const changed = { ...stamp, pgliteVersion: "0.0.1" };
      fs.writeFileSync(templateStampPath(dir), JSON.stringify(changed));
    });
    expect(templateIsCurrent(otherVersion)).toBe(false);

    const dataDir = newDataDir();
    expect(await openAndReadBack(dataDir, otherVersion)).toEqual(expected);
    expect(systemId(dataDir)).not.toBe(systemId(templateDataDir(otherVersion)));
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^Creating the embedded database with initdb .*made by PGlite 0\.0\.1, this is /,
    );
  }, 60_000);

  it("falls back to initdb with one line, leaving nothing of the copy, when the copy does not start", async () => {
    // PostgreSQL refuses a zeroed control file. The copy must go, or the fallback (and every
    // start after it) would find PG_VERSION and open it.
    const unstartable = variant(templateDir, path.join(scratch, "unstartable"), (dir) => {
      const control = path.join(templateDataDir(dir), "global/pg_control");
      fs.writeFileSync(control, Buffer.alloc(fs.statSync(control).size));
    });
    const dataDir = newDataDir();
    const release = lockDataDir(dataDir);
    try {
      expect(await openAndReadBack(dataDir, unstartable)).toEqual(expected);
      expect(systemId(dataDir)).not.toBe(0n); // initdb's, not the zeroed copy's
    } finally {
      release();
    }
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^Creating the embedded database with initdb .*starting from the template in .*unstartable failed/,
    );
  }, 60_000);
});
