import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATION_LOCK } from "./locks.ts";

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../../migrations");

export async function migratePgliteDatabase(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * Migrates a PostgreSQL server. An advisory lock makes instances that start together take turns,
 * so a migration never runs twice; the second finds it already applied.
 */
export async function migratePostgresDatabase(connectionString: string): Promise<void> {
  // The PostgreSQL driver loads only when it is used (a server on PGlite never does).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(MIGRATION_LOCK.take);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query(MIGRATION_LOCK.release).catch(() => {});
    await client.end();
  }
}
