import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http/app-error.ts";
import { findProfileByUserId, type ProfileRow } from "../profiles/profiles-repository.ts";
import { readSessionToken } from "./session-cookie.ts";
import { findSessionUserId } from "./session-store.ts";

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

async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const db = request.server.database.db;
  const userId = await findSessionUserId(db, token);
  if (!userId) return null;
  const [identity] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!identity) return null;
  return { identity, profile: await findProfileByUserId(db, userId) };
}

/** The request's viewer from its session cookie, looked up once per request. */
export function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  let viewer = cache.get(request);
  if (!viewer) {
    viewer = loadViewer(request);
    cache.set(request, viewer);
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
