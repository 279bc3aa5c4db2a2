import type { FastifyReply, FastifyRequest } from "fastify";
import { write } from "../write/index.ts";
import { accountSuspended } from "./auth-errors.ts";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie.ts";
import { createSession, deleteExpiredSessions, revokeSession } from "./session-store.ts";
import { suspensionHeldForSignIn } from "./users-repository.ts";
import { forgetViewer } from "./viewer.ts";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
let lastSweep = 0;

/**
 * Signs a user in with a brand-new session token; the request's old session, if any, is revoked.
 * A suspended account (issue 16) gets no session: 403 account-suspended, also when the suspension
 * commits while this runs (the callers check before, this closes the race).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const db = request.server.database.db;
  const previous = readSessionToken(request);
  if (previous) await revokeSession(db, previous);
  const started = await write(db, async (tx) => {
    const suspendedUntil = await suspensionHeldForSignIn(tx, userId);
    if (suspendedUntil) return { suspendedUntil };
    return createSession(tx, userId, request.headers["user-agent"]);
  }).then((done) => done.value);
  if ("suspendedUntil" in started) throw accountSuspended(started.suspendedUntil);
  setSessionCookie(request, reply, started.token);
  forgetViewer(request);
  if (Date.now() - lastSweep > SWEEP_INTERVAL_MS) {
    lastSweep = Date.now();
    await deleteExpiredSessions(db);
  }
}

/** Revokes the request's session in the database and clears its cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = readSessionToken(request);
  if (token) await revokeSession(request.server.database.db, token);
  clearSessionCookie(request, reply);
  forgetViewer(request);
}
