/**
 * EXPLAIN (ANALYZE, BUFFERS) of what a request runs, with the SQL the repositories build (not
 * retyped here): the repository function is called through a Drizzle handle on the same client that
 * records each query and its parameters, then each recorded query is explained with them.
 */
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Database, Db } from "../src/server/db/database.ts";
import * as schema from "../src/server/db/schema.ts";

export type Explained = {
  /** Sums over the request's queries. */
  executionMs: number;
  planningMs: number;
  /** Shared buffers of the plans' top nodes: found in PostgreSQL's cache, and read. */
  hit: number;
  read: number;
  plans: string[];
};

type Recorded = { sql: string; params: unknown[] };
type QueryClient = {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

function recordingDb(database: Database): { db: Db; recorded: Recorded[]; client: QueryClient } {
  const recorded: Recorded[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => recorded.push({ sql, params }) };
  // Drizzle keeps its client; the Db type does not show it.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === "pglite"
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePg({ client: client as pg.Pool, schema, logger });
  return { db: db as unknown as Db, recorded, client: client as QueryClient };
}

const number = (plan: string, pattern: RegExp) => Number(pattern.exec(plan)?.[1] ?? 0);

/** Runs `request` once (recording its SQL), then explains each query it sent. */
export async function explainRequest(
  database: Database,
  request: (db: Db) => Promise<unknown>,
): Promise<Explained> {
  const { db, recorded, client } = recordingDb(database);
  await request(db);
  const result: Explained = { executionMs: 0, planningMs: 0, hit: 0, read: 0, plans: [] };
  for (const { sql, params } of recorded) {
    const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
    const plan = rows.map((row) => String(Object.values(row)[0])).join("\n");
    // The first Buffers line is the top node's, which counts its children's too.
    const top = /^\s*Buffers: (.*)$/m.exec(plan)?.[1] ?? "";
    result.executionMs += number(plan, /Execution Time: ([\d.]+) ms/);
    result.planningMs += number(plan, /Planning Time: ([\d.]+) ms/);
    result.hit += number(top, /shared hit=(\d+)/);
    result.read += number(top, /shared (?:hit=\d+ )?read=(\d+)/);
    result.plans.push(`${sql}\n-- ${JSON.stringify(params)}\n${plan}`);
  }
  return result;
}
