import pg from "pg";
import type { DatabaseBounds } from "../config.ts";
import { timeQuery } from "../metrics/index.ts";

/**
 * The client waits this much longer than the server's statement_timeout: a slow but reachable
 * server cancels the statement itself (57014) and the connection stays usable; only a server that
 * does not answer at all (a silent partition) meets the client's timer.
 */
const CLIENT_GRACE_MS = 500;
/** A transaction left idle this many query timeouts is ended by the server, its locks released. */
const IDLE_IN_TRANSACTION_FACTOR = 5;
/** Connecting, when no bounds are given (tools and tests that open their own pools). */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** node-postgres' own message when query_timeout passes (pg/lib/client.js). */
export const QUERY_READ_TIMEOUT = "Query read timeout";

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * After query_timeout node-postgres fails the query but keeps waiting on the connection for its
 * answer, so the next query on it (a transaction's ROLLBACK, or whoever the pool hands it to) waits
 * again. This ends the connection at once instead: queries queued on it fail now, and the pool
 * drops it when it is released.
 */
function discardOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const discardAfter = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT)
      client.end().catch(() => {});
  };
  const bounded: QueryFunction = (...args) => {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        discardAfter(error);
        callback(error, result);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(discardAfter);
    return result;
  };
  client.query = bounded as typeof client.query;
}

/**
 * Every statement sent through `target` with a promise for its answer timed for /metrics: the
 * pool's own (it hands the statement to a client with a callback, not timed again) and those of a
 * client checked out for a transaction.
 */
function timeQueries(target: pg.Pool | pg.PoolClient): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]) => {
    const result = query(...args);
    return result instanceof Promise ? timeQuery("postgres", result) : result;
  };
  target.query = timed as typeof target.query;
}

/**
 * The pool every query goes through. With `bounds` (the server's settings) no query and no wait for
 * a connection lasts longer than they say, whatever the network does: PostgreSQL cancels a slow
 * statement, the client gives up on a silent one and discards its connection, the server ends a
 * transaction whose client vanished, and TCP keepalive finds dead idle connections.
 */
export function createPostgresPool(
  connectionString: string,
  max: number,
  bounds: DatabaseBounds | undefined,
): pg.Pool {
  const queryMs = bounds && bounds.queryTimeoutSeconds * 1000;
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: bounds
      ? bounds.connectTimeoutSeconds * 1000
      : DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(queryMs && {
      statement_timeout: queryMs,
      query_timeout: queryMs + CLIENT_GRACE_MS,
      idle_in_transaction_session_timeout: queryMs * IDLE_IN_TRANSACTION_FACTOR,
    }),
  });
  if (queryMs) pool.on("connect", discardOnQueryTimeout);
  pool.on("connect", timeQueries);
  timeQueries(pool);
  return pool;
}
