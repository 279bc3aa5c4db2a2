/**
 * What other features use of profiles: a deleted account's username kept from others a while, the
 * contact address that follows a changed account address (accounts), the viewer's own profile
 * when a route changes it and its picture's address (photos), hiding or restoring profiles
 * (moderation), who may see a hidden one's photo, and the service details as the export shows them.
 */

export { createProfileRoute } from "./create-profile-route.ts";
export { meRoute } from "./me-route.ts";
export { setProfilesHidden } from "./profile-hiding.ts";
export { retireUsername, setProfileEmail, setProfileImgUrl } from "./profiles-repository.ts";
export { profilesRoutes } from "./profiles-routes.ts";
export { presentService } from "./service-presenter.ts";
export { requireOwnProfile } from "./visible-profile.ts";
