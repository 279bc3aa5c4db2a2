import type { z } from "zod";
import type { blockedMemberSchema } from "../../shared/moderation.ts";
import type { BlockedMember } from "./blocks-repository.ts";

export function presentBlockedMember(member: BlockedMember): z.infer<typeof blockedMemberSchema> {
  return {
    username: member.username,
    img_url: member.imgUrl,
    blocked_at: member.blockedAt.toISOString(),
  };
}
