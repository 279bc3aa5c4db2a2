import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { type Config, loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database.ts";
import type { LogStream } from "../../src/server/http/log-stream.ts";
import type { Clock } from "../../src/server/schedule/index.ts";
import { createTestDatabase } from "./test-database.ts";

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/**
 * The whole app, in-process, on a fresh database; call it with `app.inject`. With `logStream` it
 * logs at info level there (for tests that read the log); else it logs nothing. With `clock`, the
 * app reads that time (a controllable one for time-based rules). No account is new for reviews and
 * reports unless `overrides` set `newAccountHours` (the write limits' new-account tier stays).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { logStream, clock }: { logStream?: LogStream; clock?: Clock } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: logStream ? "info" : "silent" }),
    webDir: undefined,
    // The members tests make are minutes old: their reviews show at once and their reports count,
    // unless a test of those rules asks for NEW_ACCOUNT_HOURS' default (the write limits keep
    // theirs: config.writeLimits holds its own copy of the age).
    newAccountHours: 0,
    ...overrides,
  };
  const logging = logStream ? { logStream } : { logger: false };
  const app = await buildApp({ config, database: testDb.database, ...logging, clock });
  await app.ready();
  return {
    app,
    database: testDb.database,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * The one app of a test file: created before its first test, closed after its last. Call it at
 * the top of the file (`const t = testAppClosedAfterAll();`); `t.app` and `t.database` work inside tests.
 * `overrides` may be a function, read when the app starts: for a config that points at a service
 * an earlier `beforeAll` started.
 */
export function testAppClosedAfterAll(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  options: { clock?: Clock } = {},
): Omit<TestApp, "close"> {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(
      typeof overrides === "function" ? overrides() : overrides,
      options,
    );
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error("testAppClosedAfterAll: the app is there from beforeAll on");
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
  };
}
