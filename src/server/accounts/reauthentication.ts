import type { FastifyRequest } from "fastify";
import { REAUTHENTICATION_WINDOW_MINUTES } from "../../shared/accounts.ts";
import { findUserById, requireViewer, type Viewer, verifyPassword } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { unauthorized } from "../http/app-error.ts";
import {
  passwordMissing,
  reauthenticationRequired,
  wrongCurrentPassword,
} from "./account-errors.ts";

/**
 * Before a change only the owner may make (a new email, deleting the account): a password account
 * gives its password (400 wrong-password on `field`), a Google-only account must have signed in
 * within the last few minutes (403 reauthentication-required).
 */
async function confirmOwner(
  db: Db,
  viewer: Viewer,
  password: string | undefined,
  field: string,
): Promise<void> {
  const user = await findUserById(db, viewer.identity.id);
  if (!user) throw unauthorized();
  if (user.passwordHash !== null) {
    if (!password) throw passwordMissing(field);
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrentPassword(field);
    return;
  }
  const signedInMs = Date.now() - viewer.session.createdAt.getTime();
  if (signedInMs > REAUTHENTICATION_WINDOW_MINUTES * 60_000) throw reauthenticationRequired();
}

/**
 * The signed-in member (401 otherwise) making a change only the owner may make: first the body's
 * own checks (`checkBody`, so a bad value answers before a wrong password), then `confirmOwner`.
 */
export async function requireOwner(
  request: FastifyRequest,
  {
    password,
    field,
    checkBody,
  }: { password: string | undefined; field: string; checkBody?: () => void },
): Promise<Viewer> {
  const viewer = await requireViewer(request);
  checkBody?.();
  await confirmOwner(request.server.database.db, viewer, password, field);
  return viewer;
}
