import type { FastifyRequest } from "fastify";
import type { ProfileRow } from "../db/profile-columns.ts";
import { checkIntendedAccount } from "./intended-account.ts";
import { isModerator } from "./moderators.ts";
import { hashToken } from "./secret-token.ts";
import { readSessionToken } from "./session-cookie.ts";
import { LAST_USED_PRECISION_MS, touchSession } from "./session-store.ts";
import type { Identity } from "./users-repository.ts";
import { viewerQuery } from "./viewer-query.ts";

/** The viewer's own profile, as the profiles table holds it (without its search document). */
export type ViewerProfile = ProfileRow;

/** The session a request came with: its public id, and when it was signed in. */
export type ViewerSession = { publicId: string; createdAt: Date };

/**
 * Who is making a request: the signed-in identity, its profile (null until created), and the
 * session it came with.
 */
export type Viewer = {
  identity: Identity;
  profile: ViewerProfile | null;
  session: ViewerSession;
  /** Whether this account moderates (moderators.ts): its verified email is in ADMIN_EMAILS. */
  moderator: boolean;
};
/** A viewer with a profile: a member, who may publish (policies.ts canPublish). */
export type ViewerWithProfile = Viewer & { profile: ViewerProfile };

/**
 * The live session's identity and profile in one query (one round trip, not three). The session's
 * last use is written only when it is older than a few minutes, so most requests add no write.
 */
async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const db = request.server.database.db;
  const tokenHash = hashToken(token);
  const [row] = await viewerQuery(db).execute({ tokenHash, now: new Date().toISOString() });
  if (!row) return null;
  if (Date.now() - row.session.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await touchSession(db, tokenHash);
  }
  const { publicId, createdAt } = row.session;
  return {
    identity: row.identity,
    profile: row.profile,
    session: { publicId, createdAt },
    moderator: isModerator(row.identity, request.server.config.moderation),
  };
}

/**
 * The request's viewer from its session cookie, looked up once per request (kept on the request,
 * `request.viewer`, request-viewer.ts); a write made for another account than the cookie's is
 * refused here (intended-account.ts), before any route uses it.
 */
export function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  let viewer = request.viewerLookup;
  if (!viewer) {
    const loading = loadViewer(request).then((found) => {
      checkIntendedAccount(request, found?.identity.id ?? null);
      return found;
    });
    request.viewerLookup = loading;
    // A failed lookup (storage down) is not remembered: a chat socket's upgrade request lives on,
    // and its next send must look again rather than fail for good.
    loading.catch(() => {
      if (request.viewerLookup === loading) request.viewerLookup = null;
    });
    viewer = loading;
  }
  return viewer;
}

/** Forgets the looked-up viewer (after sign-in, sign-out or profile creation within one request). */
export function forgetViewer(request: FastifyRequest): void {
  request.viewerLookup = null;
}
