/**
 * What other features use of profiles: a deleted account's username kept from others a while, and
 * the viewer's own profile when a route changes it (photos).
 */
export { retireUsername } from "./profiles-repository.ts";
export { requireOwnProfile } from "./visible-profile.ts";
