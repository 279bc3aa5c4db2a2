import type { IdentityDto, MeResponse } from "../../../src/shared/identity.ts";
import type { ProfileDetail, PublicProfile } from "../../../src/shared/profiles.ts";
import { NO_SERVICE_DETAILS } from "../../../src/shared/service-details.ts";

/** Ada's signed-in identity (the session's `user`), verified unless `changes` say otherwise. */
export function identity(changes: Partial<IdentityDto> = {}): IdentityDto {
  return {
    id: "u1",
    email: "ada@example.test",
    displayName: null,
    photoURL: null,
    emailVerified: true,
    ...changes,
  };
}

/** A member's public profile, with nothing filled in beyond the username. */
export function profileOf(username: string): PublicProfile {
  return {
    username,
    email: null,
    email_hidden: false,
    img_url: null,
    bio: "",
    skills: [],
    interests: [],
    area: null,
    service: NO_SERVICE_DETAILS,
  };
}

/** A member's profile page data: nothing filled in, no reviews, `changes` applied. */
export function profileDetailOf(
  username: string,
  changes: Partial<ProfileDetail> = {},
): ProfileDetail {
  return {
    ...profileOf(username),
    review_count: 0,
    contact_backed_count: 0,
    average_rating: null,
    responsiveness: null,
    ...changes,
  };
}

/**
 * What GET /me answers: signed in with a profile named `username` (null: before creating one),
 * a moderator when asked.
 */
export function sessionOf(
  username: string | null,
  { moderator = false }: { moderator?: boolean } = {},
): MeResponse {
  return {
    user: identity(),
    profile: username ? profileOf(username) : null,
    ...(moderator ? { moderator: true as const } : {}),
  };
}

export const SIGNED_OUT_SESSION: MeResponse = { user: null, profile: null };
