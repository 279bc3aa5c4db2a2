import { and, eq, gt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { profiles, sessions, users } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http/app-error.ts";
import type { ProfileRow } from "../profiles/profiles-repository.ts";
import { readSessionToken } from "./session-cookie.ts";
import { hashToken } from "./session-store.ts";

export type Identity = {
  id: string;
  email: string | null;
  displayName: string | null;
  photoUrl: string | null;
};

/** Who is making a request: the signed-in identity and its profile (null until created). */
export type Viewer = { identity: Identity; profile: ProfileRow | null };
export type ViewerWithProfile = { identity: Identity; profile: ProfileRow };

const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** The live session's identity and profile in one query (one round trip, not three). */
async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const [row] = await request.server.database.db
    .select({
      identity: {
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        photoUrl: users.photoUrl,
      },
      profile: profiles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { identity: row.identity, profile: row.profile } : null;
}

/** The request's viewer from its session cookie, looked up once per request. */
export function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  let viewer = cache.get(request);
  if (!viewer) {
    const loading = loadViewer(request);
    cache.set(request, loading);
    // A failed lookup (storage down) is not remembered: a chat socket's upgrade request lives on,
    // and its next send must look again rather than fail for good.
    loading.catch(() => {
      if (cache.get(request) === loading) cache.delete(request);
    });
    viewer = loading;
  }
  return viewer;
}

/** Forgets the cached viewer (after sign-in, sign-out or profile creation within one request). */
export function forgetViewer(request: FastifyRequest): void {
  cache.delete(request);
}

/** The signed-in viewer, or 401. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw unauthorized();
  return viewer;
}

/** The signed-in viewer with a profile: 401 when signed out, 403 before the profile is created. */
export async function requireProfile(request: FastifyRequest): Promise<ViewerWithProfile> {
  const viewer = await requireViewer(request);
  if (!viewer.profile) {
    throw forbidden("Create your profile first (choose a username).", "profile-required");
  }
  return { identity: viewer.identity, profile: viewer.profile };
}
