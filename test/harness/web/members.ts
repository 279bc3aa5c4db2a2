import type { IdentityDto } from "../../../src/shared/identity.ts";

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
