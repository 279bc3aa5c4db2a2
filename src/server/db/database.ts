import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { migratePgliteDatabase, migratePostgresDatabase } from "./migrate.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The Drizzle handle every repository uses; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type NotificationListener = (payload: string) => void;

/** One storage connection: Drizzle for queries plus LISTEN/NOTIFY for fan-out between instances. */
export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /** Subscribes to a channel; resolves to a function that unsubscribes. */
  listen(channel: string, onNotify: NotificationListener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Throws when the storage does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Embedded PostgreSQL (PGlite), migrated: `dataDir` on disk, or in memory when undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  await migratePgliteDatabase(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** A PostgreSQL server through a pool, migrated; LISTEN uses one dedicated connection. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  await migratePostgresDatabase(connectionString);
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Set<pg.PoolClient>();
  return {
    kind: "postgres",
    db,
    listen: async (channel, onNotify) => {
      const client = await pool.connect();
      listeners.add(client);
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        if (!listeners.delete(client)) return;
        await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
        client.release();
      };
    },
    notify: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      if (pool.ended) return;
      for (const client of listeners) client.release();
      listeners.clear();
      await pool.end();
    },
  };
}
