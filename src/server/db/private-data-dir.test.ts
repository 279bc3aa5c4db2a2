import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, type ServerProcess, startServer } from "../../../test/harness/server-process.ts";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import { DataDirNotPrivateError, lockDataDir } from "./data-dir-lock.ts";
import { openPglite } from "./database.ts";
import { buildPgliteTemplate } from "./pglite-template-build.ts";

/** Every entry under `dir` (itself included) with its permission bits. */
function modes(dir: string): { entry: string; mode: number; isDir: boolean }[] {
  const found = [{ entry: dir, mode: fs.statSync(dir).mode & 0o777, isDir: true }];
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const stat = fs.lstatSync(path.join(dir, name));
    found.push({ entry: name, mode: stat.mode & 0o777, isDir: stat.isDirectory() });
  }
  return found;
}

/** Entries that group or others can read, write or enter. */
const openToOthers = (dir: string) => modes(dir).filter(({ mode }) => (mode & 0o077) !== 0);

describe.skipIf(testDatabaseKind !== "pglite")("the embedded database's files are private", () => {
  // Made in beforeAll: a skipped suite's body still runs, its hooks do not.
  const scratch = path.join(os.tmpdir(), `ylt-private-data-${process.pid}-${Date.now()}`);
  const templateDir = path.join(scratch, "template");
  const running: ServerProcess[] = [];
  let warn: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fs.mkdirSync(scratch, { mode: 0o700 });
    await buildPgliteTemplate(templateDir);
  }, 120_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop("SIGKILL")));
  });
  afterAll(() => {
    warn.mockRestore();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Locks and opens `dataDir` as main.ts does, writes, and closes it again. */
  async function openAsTheServerDoes(dataDir: string, from = templateDir) {
    const release = lockDataDir(dataDir);
    try {
      const database = await openPglite(dataDir, { templateDir: from });
      await database.ping();
      await database.close();
    } finally {
      release();
    }
  }

  it("creates a new data directory 0700 from the template, with no file others can read", async () => {
    const dataDir = path.join(scratch, "new-from-template", "data");
    await openAsTheServerDoes(dataDir);
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("creates one 0700 with initdb too (no template), with no file others can read", async () => {
    const dataDir = path.join(scratch, "new-with-initdb");
    await openAsTheServerDoes(dataDir, path.join(scratch, "no-template"));
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);

  it("takes read access away from others on a directory an older version left 0755 with 0666 files", async () => {
    const dataDir = path.join(scratch, "older");
    await openAsTheServerDoes(dataDir);
    for (const { entry, isDir } of modes(dataDir)) {
      fs.chmodSync(path.resolve(dataDir, entry), isDir ? 0o755 : 0o666);
    }
    await openAsTheServerDoes(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it("refuses a directory others can write, in one line naming it, and leaves it untouched", async () => {
    const dataDir = path.join(scratch, "shared");
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o777);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirNotPrivateError);
    await expect(openPglite(dataDir, { templateDir })).rejects.toThrow(DataDirNotPrivateError);

    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    running.push(server);
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `The data directory ${dataDir} can be written by other users (mode 777); refusing to start. ` +
        `Check its contents, then run \`chmod 700 ${dataDir}\`, or use another DATA_DIR.`,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o777);
  });

  it("refuses a group-writable directory too", () => {
    const dataDir = path.join(scratch, "group");
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o770);
    expect(() => lockDataDir(dataDir)).toThrow(/can be written by other users \(mode 770\)/);
  });
});
