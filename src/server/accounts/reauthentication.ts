import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import { REAUTHENTICATION_WINDOW_MINUTES } from "../../shared/accounts.ts";
import { findUserById, recheckPassword, requireSignedIn, type Viewer } from "../auth/index.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { type AppError, unauthorized } from "../http/app-error.ts";
import {
  passwordMissing,
  reauthenticationRequired,
  wrongCurrentPassword,
} from "./account-errors.ts";
import { passwordCheckOptions } from "./accounts-rate-limits.ts";

/** Why the owner was not confirmed; reauthenticate answers each (401, 400, 403). */
type OwnerCheckRefusal =
  | "no-account"
  | "password-missing"
  | "wrong-password"
  | "reauthentication-required";

/**
 * Before a change only the owner may make (a new email, deleting the account): a password account
 * gives its password (counted like a sign-in, 429 past the limit), a Google-only account must have
 * signed in within the last few minutes.
 */
async function confirmOwner(
  request: FastifyRequest,
  viewer: Viewer,
  password: string | undefined,
): Promise<WriteResult<null, OwnerCheckRefusal>> {
  const user = await findUserById(request.server.database.db, viewer.identity.id);
  if (!user) return { ok: false, reason: "no-account" };
  const { passwordHash } = user;
  if (passwordHash !== null) {
    if (!password) return { ok: false, reason: "password-missing" };
    const right = await recheckPassword(request, { ...user, passwordHash }, password);
    return right ? { ok: true, value: null } : { ok: false, reason: "wrong-password" };
  }
  const signedInMs = Date.now() - viewer.session.createdAt.getTime();
  if (signedInMs > REAUTHENTICATION_WINDOW_MINUTES * 60_000) {
    return { ok: false, reason: "reauthentication-required" };
  }
  return { ok: true, value: null };
}

/** The HTTP answer to each refusal; `field` is the form field that held the password. */
const answers: Record<OwnerCheckRefusal, (field: string) => AppError> = {
  "no-account": () => unauthorized(),
  "password-missing": passwordMissing,
  "wrong-password": wrongCurrentPassword,
  "reauthentication-required": reauthenticationRequired,
};

/**
 * The signed-in owner (the route declares requireSignedIn: 401 before this) making a change only
 * the owner may make: first the body's own checks (`checkBody`, so a bad value answers before a
 * wrong password), then `confirmOwner`: 400 wrong-password on `field`, 403
 * reauthentication-required for a Google-only account.
 */
export async function reauthenticate(
  request: FastifyRequest,
  {
    password,
    field,
    checkBody,
  }: { password: string | undefined; field: string; checkBody?: () => void },
): Promise<Viewer> {
  const viewer = request.signedIn;
  checkBody?.();
  const confirmed = await confirmOwner(request, viewer, password);
  if (!confirmed.ok) throw answers[confirmed.reason](field);
  return viewer;
}

/**
 * The options of a route making a change only the owner may make: signed in (401 before anything
 * else), the password check's limit, and `schema`; its handler calls reauthenticate.
 */
export function ownerChangeOptions<Schema extends FastifySchema>(
  app: FastifyInstance,
  schema: Schema,
) {
  return { ...passwordCheckOptions(app, schema), preHandler: requireSignedIn };
}
