import type { FastifyRequest } from "fastify";
import { canModerate } from "../../shared/policies.ts";
import { requireViewer, type ViewerWithProfile } from "../auth/index.ts";
import { forbidden } from "../http/app-error.ts";

/**
 * The moderator making a request (policies.ts canModerate): 401 when signed out, 403 forbidden for
 * every other account, with a profile or not. A moderator acts under their profile's username (the
 * log shows it), so one without a profile yet is asked to create it.
 */
export async function requireModerator(request: FastifyRequest): Promise<ViewerWithProfile> {
  const { identity, profile, moderator } = await requireViewer(request);
  if (!canModerate({ username: profile?.username ?? "", moderator })) {
    throw forbidden("Only moderators can do this.");
  }
  if (!profile) {
    throw forbidden("Create your profile first (choose a username).", "profile-required");
  }
  return { identity, profile, moderator };
}
