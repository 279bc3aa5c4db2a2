/**
 * The driver layer of the floor and peer servers, as the app's: node-postgres with the app's pool
 * size (database.ts openPostgres), or PGlite in-process through the app's own client wrapper
 * (withPreparedStatements: each distinct text parsed once, a plan-each-time text planned anew).
 * Rows are read as arrays, as Drizzle reads them, and mapped by the statement's column paths.
 */
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import type { Db } from "../src/server/db/database.ts";
import { openPgliteDataDir } from "../src/server/db/pglite-data-dir.ts";
import { withPreparedStatements } from "../src/server/db/pglite-prepared.ts";
import { PGLITE_TEMPLATE_DIR } from "../src/server/db/pglite-template-stamp.ts";
import * as schema from "../src/server/db/schema.ts";
import { bind, capturingLogger, rowObject, type Statement } from "./floor-sql.ts";

/** database.ts openPostgres's default pool size, the one the server runs with. */
export const APP_POOL_SIZE = 10;

export type Row = Record<string, unknown>;
export type Run = (statement: Statement, values?: Record<string, unknown>) => Promise<Row[]>;

export type FloorDb = {
  kind: "pglite" | "postgres";
  /** Runs one statement outside a transaction. */
  run: Run;
  /** Runs `work` in one transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<T>(work: (run: Run) => Promise<T>): Promise<T>;
  /** Drizzle over the same client: for builders' text at start, never on the request path. */
  drizzle: Db;
  /** The same, keeping every statement it runs (captureStatements). */
  capturing(): { db: Db; captured: ReturnType<typeof capturingLogger>["captured"] };
  close(): Promise<void>;
};

const mapped = (statement: Statement, rows: unknown[][]) =>
  statement.columns.length > 0 ? rows.map((row) => rowObject(statement, row)) : (rows as never);

/**
 * PostgreSQL through a pool of APP_POOL_SIZE; `named`: a statement the app prepares is sent under
 * its name (prepared once per connection, as node-postgres does for Drizzle's `.prepare(name)`).
 */
export function openPostgresFloor(url: string, { named }: { named: boolean }): FloorDb {
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL_SIZE });
  pool.on("error", () => {});
  const runOn =
    (client: pg.Pool | pg.PoolClient): Run =>
    async (statement, values = {}) => {
      const config: pg.QueryArrayConfig = {
        text: statement.text,
        values: bind(statement, values),
        rowMode: "array",
        ...(named && statement.name ? { name: statement.name } : {}),
      };
      const result = await client.query(config);
      return mapped(statement, result.rows);
    };
  return {
    kind: "postgres",
    run: runOn(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const value = await work(runOn(client));
        await client.query("commit");
        return value;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    drizzle: drizzlePg({ client: pool, schema }) as unknown as Db,
    capturing() {
      const { logger, captured } = capturingLogger();
      return { db: drizzlePg({ client: pool, schema, logger }) as unknown as Db, captured };
    },
    close: () => pool.end(),
  };
}

/** PGlite on the seeded `dataDir` (locked while open), through the app's prepared-statement client. */
export async function openPgliteFloor(dataDir: string): Promise<FloorDb> {
  const release = lockDataDir(dataDir);
  const raw = await openPgliteDataDir(dataDir, PGLITE_TEMPLATE_DIR);
  const client = withPreparedStatements(raw);
  const runOn =
    (target: Pick<PGlite, "query">): Run =>
    async (statement, values = {}) => {
      const result = await target.query<unknown[]>(statement.text, bind(statement, values), {
        rowMode: "array",
      });
      return mapped(statement, result.rows);
    };
  return {
    kind: "pglite",
    run: runOn(client),
    transaction: (work) => client.transaction((tx) => work(runOn(tx))),
    drizzle: drizzlePglite({ client, schema }) as unknown as Db,
    capturing() {
      const { logger, captured } = capturingLogger();
      return { db: drizzlePglite({ client, schema, logger }) as unknown as Db, captured };
    },
    async close() {
      await raw.close();
      release();
    },
  };
}

/** The database the environment names, as the server reads it: DATABASE_URL, else DATA_DIR. */
export async function openFloorDb(
  env: NodeJS.ProcessEnv,
  options: { named: boolean },
): Promise<FloorDb> {
  if (env.DATABASE_URL) return openPostgresFloor(env.DATABASE_URL, options);
  if (env.DATA_DIR) return openPgliteFloor(env.DATA_DIR);
  throw new Error("set DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, already seeded)");
}
