import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { type Config, loadConfig } from "../src/server/config.ts";
import type { Database } from "../src/server/db/database.ts";
import { createTestDatabase } from "./test-database.ts";

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** The whole app, in-process, on a fresh database; call it with `app.inject`. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    webDir: undefined,
    ...overrides,
  };
  const app = await buildApp({ config, database: testDb.database, logger: false });
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
