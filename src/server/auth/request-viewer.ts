import type { FastifyInstance, FastifyRequest } from "fastify";
import { canModerate, canPublish } from "../../shared/policies.ts";
import { forbidden, unauthorized } from "../http/app-error.ts";
import { sharedPlugin } from "../http/shared-plugin.ts";
import { getViewer, type Viewer, type ViewerWithProfile } from "./viewer.ts";

/** Whom a route's access hook let in: the signed-in viewer, a member, a moderating member. */
type Admitted =
  | { level: "signed-in"; viewer: Viewer }
  | { level: "member" | "moderator"; viewer: ViewerWithProfile };

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The viewer of the session cookie, or null: looked up on first use, at most once per request
     * (a route that never asks pays nothing; viewer.ts).
     */
    readonly viewer: Promise<Viewer | null>;
    /** The signed-in viewer of a route declaring `requireSignedIn` (or stricter). */
    readonly signedIn: Viewer;
    /** The member of a route declaring `requireMember` or `requireModerator`. */
    readonly member: ViewerWithProfile;
    /** The lookup behind `viewer` (viewer.ts); null until asked for, or after forgetViewer. */
    viewerLookup: Promise<Viewer | null> | null;
    /** What the route's access hook admitted; null before it ran, or on a route without one. */
    admitted: Admitted | null;
  }
}

/** A route read `request.member` or `signedIn` without declaring the hook that sets it. */
function undeclared(request: FastifyRequest, needed: string): Error {
  return new Error(`${request.method} ${request.routeOptions.url} reads ${needed} undeclared`);
}

/**
 * The request's viewer, decorated on every request of the app (one plugin, registered before the
 * features): `request.viewer` is the lazy lookup, `signedIn` and `member` what a route's access
 * hook admitted. The hook is declared by the route up front (`preHandler: requireMember`, or
 * `preValidation` to answer before the body is looked at), so a handler only runs for whom it
 * serves and reads a typed viewer.
 */
export const requestViewerPlugin = sharedPlugin(async (app: FastifyInstance) => {
  app.decorateRequest("viewerLookup", null);
  app.decorateRequest("admitted", null);
  app.decorateRequest("viewer", {
    getter(this: FastifyRequest) {
      return getViewer(this);
    },
  });
  app.decorateRequest("signedIn", {
    getter(this: FastifyRequest) {
      if (!this.admitted) throw undeclared(this, "request.signedIn");
      return this.admitted.viewer;
    },
  });
  app.decorateRequest("member", {
    getter(this: FastifyRequest) {
      const admitted = this.admitted;
      if (!admitted || admitted.level === "signed-in") throw undeclared(this, "request.member");
      return admitted.viewer;
    },
  });
});

/** Access hook: the signed-in viewer, or 401. The handler reads `request.signedIn`. */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  if (request.admitted) return;
  const viewer = await request.viewer;
  if (!viewer) throw unauthorized();
  request.admitted = { level: "signed-in", viewer };
}

/** The 403 of a signed-in account without a profile yet. */
const profileRequired = () =>
  forbidden("Create your profile first (choose a username).", "profile-required");

/**
 * Access hook: the signed-in viewer who may publish (post, review, chat: policies.ts canPublish):
 * 401 when signed out, 403 profile-required before the profile is created. The handler reads
 * `request.member`.
 */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (request.admitted && request.admitted.level !== "signed-in") return;
  const viewer = await request.viewer;
  if (!viewer) throw unauthorized();
  const { profile } = viewer;
  if (!canPublish(profile)) throw profileRequired();
  request.admitted = { level: "member", viewer: { ...viewer, profile } };
}

/**
 * Access hook: the moderator making a request (policies.ts canModerate): 401 when signed out, 403
 * forbidden for every other account, with a profile or not. A moderator acts under their profile's
 * username (the log shows it), so one without a profile yet is asked to create it. The handler
 * reads `request.member`.
 */
export async function requireModerator(request: FastifyRequest): Promise<void> {
  if (request.admitted?.level === "moderator") return;
  const viewer = await request.viewer;
  if (!viewer) throw unauthorized();
  const { profile, moderator } = viewer;
  if (!canModerate({ username: profile?.username ?? "", moderator })) {
    throw forbidden("Only moderators can do this.");
  }
  if (!profile) throw profileRequired();
  request.admitted = { level: "moderator", viewer: { ...viewer, profile } };
}
