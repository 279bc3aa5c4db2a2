import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { DatabaseBounds } from "../config.ts";
import { migratePgliteDatabase, migratePostgresDatabase } from "./migrate.ts";
import { openPgliteDataDir } from "./pglite-data-dir.ts";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import { withPreparedStatements } from "./pglite-prepared.ts";
import { PGLITE_TEMPLATE_DIR } from "./pglite-template-stamp.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The Drizzle handle every repository uses; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type NotificationListener = (payload: string) => void;

/**
 * One storage connection: Drizzle for queries plus LISTEN for fan-out between instances (the
 * event bus, events/, is its one user: one channel, one connection).
 */
export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /**
   * Subscribes to a channel; resolves to a function that unsubscribes. On PostgreSQL a lost LISTEN
   * connection comes back by itself, then `onReconnect` runs: notifications sent while it was away
   * are gone, so the subscriber catches up from the tables.
   */
  listen(
    channel: string,
    onNotify: NotificationListener,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /** Throws when the storage does not answer. */
  ping(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (/metrics). */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/**
 * Embedded PostgreSQL (PGlite), migrated: `dataDir` on disk, or in memory when undefined. A new data
 * directory starts from the prebuilt template in `templateDir` when it fits (pglite-data-dir.ts); an
 * in-memory one from `loadDataDir` (a dumped data directory, as the tests use) instead of initdb.
 */
export async function openPglite(
  dataDir: string | undefined,
  {
    templateDir = PGLITE_TEMPLATE_DIR,
    loadDataDir,
  }: { templateDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  const client = dataDir
    ? await openPgliteDataDir(dataDir, templateDir)
    : new PGlite({ loadDataDir, extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await migratePgliteDatabase(client);
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      // Closing the database ended every LISTEN already; PGlite would throw "PGlite is closed".
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * A PostgreSQL server through a pool, migrated; LISTEN uses one dedicated connection. Its driver
 * loads here, so a server on the embedded database never loads it (issue 21: start time). The
 * server passes `bounds` (postgres-pool.ts); tools and tests may leave queries unbounded.
 */
export async function openPostgres(
  connectionString: string,
  poolSize = 10,
  bounds?: DatabaseBounds,
): Promise<Database> {
  await migratePostgresDatabase(connectionString);
  const { createPostgresPool } = await import("./postgres-pool.ts");
  const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
  const pool = createPostgresPool(connectionString, poolSize, bounds);
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // A client checked out for a transaction has no pool listener: losing its server mid-transaction
  // would throw an unhandled 'error' and end the process. The transaction's query fails instead
  // (503) and the pool drops the dead client when it comes back.
  pool.on("connect", (client) => client.on("error", () => {}));
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: "postgres",
    db,
    listen: async (channel, onNotify, onReconnect) => {
      const stop = await listenWithReconnect(connectionString, channel, onNotify, onReconnect);
      listeners.add(stop);
      return async () => {
        if (listeners.delete(stop)) await stop();
      };
    },
    ping: async () => {
      await pool.query("select 1");
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      if (pool.ended) return;
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/** Name of LISTEN connections in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = "ylt-listen";
const LISTEN_PROBE_MS = 15_000;
const RECONNECT_MAX_DELAY_MS = 5_000;

/**
 * LISTEN on a dedicated connection (outside the pool) that heals itself: when it drops (server
 * restart, network, pg_terminate_backend) or stops answering the periodic probe, it reconnects with
 * backoff, listens again and calls `onReconnect`. Resolves to a function that stops it for good.
 */
async function listenWithReconnect(
  connectionString: string,
  channel: string,
  onNotify: NotificationListener,
  onReconnect: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let reconnecting = false;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

  const { default: pg } = await import("pg");
  const connect = async () => {
    const client = new pg.Client({
      connectionString,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      keepAlive: true,
    });
    client.on("notification", (message) => {
      if (!stopped && message.channel === channel) onNotify(message.payload ?? "");
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    current = client;
  };

  const reconnect = async () => {
    for (let delay = 100; !stopped; delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS)) {
      await sleep(delay);
      if (stopped) return;
      try {
        await connect();
      } catch {
        continue;
      }
      if (stopped) {
        await current?.end().catch(() => {});
        return;
      }
      onReconnect?.();
      return;
    }
  };

  function lost(client: pg.Client) {
    if (stopped || client !== current) return;
    current = undefined;
    client.end().catch(() => {});
    if (reconnecting) return;
    reconnecting = true;
    void reconnect().finally(() => {
      reconnecting = false;
    });
  }

  await connect();
  // A connection whose server vanished without a word (no RST) is only noticed by using it.
  const probe = setInterval(() => {
    const client = current;
    client?.query("select 1").catch(() => lost(client));
  }, LISTEN_PROBE_MS);
  probe.unref();

  return async () => {
    stopped = true;
    clearInterval(probe);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
