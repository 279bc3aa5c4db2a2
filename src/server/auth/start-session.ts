import type { FastifyReply, FastifyRequest } from "fastify";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie.ts";
import { createSession, deleteExpiredSessions, revokeSession } from "./session-store.ts";
import { forgetViewer } from "./viewer.ts";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
let lastSweep = 0;

/** Signs a user in with a brand-new session token; the request's old session, if any, is revoked. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const db = request.server.database.db;
  const previous = readSessionToken(request);
  if (previous) await revokeSession(db, previous);
  const { token } = await createSession(db, userId, request.headers["user-agent"]);
  setSessionCookie(request, reply, token);
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
