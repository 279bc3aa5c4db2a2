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
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end|is not queryable/i.test(
        e.message,
      )
    ) {
      return true;
    }
    e = e.cause;
  }
  return false;
}
