const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout (db/postgres-pool.ts), the server too slow to answer now
  "25P03", // idle_in_transaction_session_timeout
]);

/** True when an error (or its cause, as Drizzle wraps driver errors) means storage is unreachable. */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) {
      return true;
    }
    if (
      // "is not queryable": the ROLLBACK of a transaction whose connection was lost mid-way.
      // "Query read timeout": PostgreSQL silent past the query timeout (db/postgres-pool.ts).
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end|is not queryable|Query read timeout/i.test(
        e.message,
      )
    ) {
      return true;
    }
    e = e.cause;
  }
  return false;
}
