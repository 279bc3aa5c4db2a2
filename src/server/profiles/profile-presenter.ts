import type { PublicProfile } from "../../shared/profiles.ts";
import type { ProfileRow } from "./profiles-repository.ts";

export function presentProfile(row: ProfileRow): PublicProfile {
  return {
    username: row.username,
    email: row.email,
    img_url: row.imgUrl,
    bio: row.bio,
    skills: row.skills,
    interests: row.interests,
  };
}
