import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { meResponseSchema } from "../../shared/identity.ts";
import { presentOwnProfile } from "../profiles/profile-presenter.ts";
import { presentIdentity } from "./identity-presenter.ts";
import { getViewer } from "./viewer.ts";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/me", { schema: { response: { 200: meResponseSchema } } }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const viewer = await getViewer(request);
    if (!viewer) return { user: null, profile: null };
    return {
      user: presentIdentity(viewer.identity),
      profile: viewer.profile ? presentOwnProfile(viewer.profile) : null,
    };
  });
};
