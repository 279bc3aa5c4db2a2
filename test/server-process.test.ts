import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/server/auth/session-store.ts";
import { openPglite } from "../src/server/db/database.ts";
import { PGLITE_EXTENSIONS } from "../src/server/db/pglite-extensions.ts";
import { users } from "../src/server/db/schema.ts";
import { stoppedAfterEach } from "./harness/process-cleanup.ts";
import { freePort, startServer, waitForHealthy } from "./harness/server-process.ts";
import { createTestDatabase, testDatabaseKind } from "./harness/test-database.ts";

const { running, tempDirs } = stoppedAfterEach();

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-proc-"));
  tempDirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const server = startServer({ PORT: String(await freePort()), ...env });
  running.push(server);
  return server;
}

describe("bad configuration", () => {
  it("PORT=abc stops with one line naming the variable", async () => {
    const server = await start({ PORT: "abc", DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toBe('Invalid configuration: PORT="abc" must be a number.\n');
  });

  it("an unknown LOG_LEVEL is named with the allowed values", async () => {
    const server = await start({ LOG_LEVEL: "loud", DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim().split("\n")).toHaveLength(1);
    expect(server.stderr()).toMatch(
      /^Invalid configuration: LOG_LEVEL="loud" must be one of fatal, error/,
    );
  });

  it("an unreachable DATABASE_URL stops with one actionable line", async () => {
    const server = await start({ DATABASE_URL: "postgres://127.0.0.1:1/nowhere" });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot reach the PostgreSQL server in DATABASE_URL \(127\.0\.0\.1:1\/nowhere\)/,
    );
    expect(lines[0]).toMatch(/unset DATABASE_URL to use the embedded database/);
  });
});

describe.skipIf(testDatabaseKind !== "pglite")("embedded database on disk", () => {
  it("refuses a second process on the same DATA_DIR with a clear message", async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    await waitForHealthy(first);
    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(
      new RegExp(
        `^The data directory ${dataDir} is in use by another server process \\(pid ${first.child.pid}\\)`,
      ),
    );
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it("takes over the lock of a process that was killed", async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    await waitForHealthy(first);
    await first.stop("SIGKILL");
    const second = await start({ DATA_DIR: dataDir });
    await waitForHealthy(second);
  });

  it("creates and migrates the database on first start, and keeps data across restarts", async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    await waitForHealthy(first);
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // Write a signed-in user into the directory the server created, while no server holds it.
    const database = await openPglite(dataDir);
    const [user] = await database.db
      .insert(users)
      .values({ email: "kept@example.test" })
      .returning();
    const { token } = await createSession(database.db, user?.id ?? "");
    await database.close();

    for (let run = 0; run < 2; run++) {
      const server = await start({ DATA_DIR: dataDir });
      await waitForHealthy(server);
      const me = await fetch(`${server.url}/api/me`, {
        headers: { cookie: `ylt_session=${token}` },
      });
      expect((await me.json()).user.email).toBe("kept@example.test");
      expect(await server.stop()).toBe(0);
    }
    const raw = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    const applied = await raw.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(applied.rows[0]?.n).toBe(
      fs.readdirSync(path.resolve("migrations")).filter((f) => f.endsWith(".sql")).length,
    );
    await raw.close();
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("several instances on one PostgreSQL", () => {
  it("two instances starting at once migrate once and both serve", async () => {
    const testDb = await createTestDatabase();
    await testDb.database.close(); // createTestDatabase migrated it: start from an empty database instead
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(
      "drop schema public cascade; create schema public; drop schema if exists drizzle cascade",
    );
    await admin.end();
    try {
      const [a, b] = [
        await start({ DATABASE_URL: testDb.url ?? "" }),
        await start({ DATABASE_URL: testDb.url ?? "" }),
      ];
      await Promise.all([waitForHealthy(a), waitForHealthy(b)]);
      const check = new pg.Client({ connectionString: testDb.url });
      await check.connect();
      const applied = await check.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      await check.end();
      expect(applied.rows[0].n).toBe(
        fs.readdirSync(path.resolve("migrations")).filter((f) => f.endsWith(".sql")).length,
      );
    } finally {
      await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
      await testDb.drop().catch(() => {});
    }
  });
});
