import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";

/** Which storage the API tests run on: the Vitest project sets TEST_DB. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export type TestDatabase = { database: Database; url: string | undefined; drop(): Promise<void> };

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database of its own: in-memory PGlite, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL, dropped afterwards, so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === "pglite") {
    const database = await openPglite(undefined);
    return { database, url: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `ylt_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabaseName(adminUrl, name);
  const database = await openPostgres(url, 5);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
