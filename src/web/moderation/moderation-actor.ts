import type { MeResponse } from "../../shared/identity.ts";
import type { ModerationActor } from "../../shared/policies.ts";

/** The session as policies.ts asks about moderators (a moderator may not have a profile yet). */
export function moderationActor(session: MeResponse | undefined): ModerationActor {
  if (!session?.user) return null;
  return { username: session.profile?.username ?? "", moderator: session.moderator === true };
}
