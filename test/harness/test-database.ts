import fs from "node:fs";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../../src/server/db/database.ts";
import { createScratchPostgres, testPostgresUrl } from "./scratch-postgres.ts";

/** Which storage the API tests run on: the Vitest project sets TEST_DB. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export type TestDatabase = { database: Database; url: string | undefined; drop(): Promise<void> };

/**
 * A fresh, migrated database of its own: in-memory PGlite made from the template, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards, so test files never see each
 * other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === "pglite") {
    // The template's dump (pglite-template-setup.ts): a copy of it in memory, no initdb.
    const loadDataDir = await fs.openAsBlob(inject("pgliteTemplateDump"));
    const database = await openPglite(undefined, { loadDataDir });
    return { database, url: undefined, drop: () => database.close() };
  }
  const scratch = await createScratchPostgres(testPostgresUrl());
  const database = await openPostgres(scratch.url, 5).catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
