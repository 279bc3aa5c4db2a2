import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { meResponseSchema } from "../../shared/identity.ts";
import { presentIdentity } from "../auth/index.ts";
import { presentOwnProfile } from "./profile-presenter.ts";

/** GET /api/me: the session's identity and, once created, its own profile. */
export const meRoute: FastifyPluginAsyncZod = async (app) => {
  app.get("/me", { schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const viewer = await request.viewer;
    if (!viewer) return { user: null, profile: null };
    return {
      user: presentIdentity(viewer.identity),
      profile: viewer.profile ? presentOwnProfile(viewer.profile, viewer.identity) : null,
      ...(viewer.moderator ? { moderator: true as const } : {}),
    };
  });
};
