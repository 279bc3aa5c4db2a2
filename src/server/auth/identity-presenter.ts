import type { IdentityDto } from "../../shared/identity.ts";
import type { Identity } from "./users-repository.ts";

/** The identity as the API shows it (SPEC §3: uid, displayName, photoURL): never the password hash. */
export function presentIdentity(identity: Identity): IdentityDto {
  return {
    id: identity.id,
    email: identity.email,
    displayName: identity.displayName,
    photoURL: identity.photoUrl,
    emailVerified: identity.emailVerified,
  };
}
