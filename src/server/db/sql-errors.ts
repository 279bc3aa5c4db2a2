/**
 * What a failed statement says, read the same way from PostgreSQL (node-postgres) and PGlite errors:
 * both carry the SQLSTATE in `code` and the constraint's name in `constraint`, and Drizzle wraps
 * either in an error of its own with the driver's as `cause`.
 */
function driverError(error: unknown): { code: string; constraint?: unknown } | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return e as unknown as { code: string; constraint?: unknown };
    }
    e = e.cause;
  }
  return undefined;
}

/** The PostgreSQL error code (SQLSTATE) of a driver error, or undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  return driverError(error)?.code;
}

const CONSTRAINT_VIOLATIONS = new Set([
  "23505", // unique_violation
  "23514", // check_violation
  "23503", // foreign_key_violation
]);

/** The name of the unique, check or foreign-key constraint (as in migrations/) a statement broke. */
function violatedConstraint(error: unknown): string | null {
  const found = driverError(error);
  if (!found || !CONSTRAINT_VIOLATIONS.has(found.code)) return null;
  return typeof found.constraint === "string" ? found.constraint : null;
}

/** A repository's answer to a write: the value written, or why it was not. */
export type WriteResult<T, Reason extends string> =
  | { ok: true; value: T }
  | { ok: false; reason: Reason };

/**
 * Runs a write and turns the violation of a constraint named in `reasons` (constraint name →
 * reason) into a typed refusal, so callers need no SQLSTATE and no look-up before writing. Any other
 * error is thrown. A write inside a transaction leaves it aborted: end the transaction after it.
 */
export async function translateViolations<T, Reason extends string>(
  reasons: Readonly<Record<string, Reason>>,
  write: () => Promise<T>,
): Promise<WriteResult<T, Reason>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === null || !Object.hasOwn(reasons, constraint)) throw error;
    return { ok: false, reason: reasons[constraint] as Reason };
  }
}
