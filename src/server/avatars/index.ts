/** What other features use of the generated avatars: where a username's avatar is served. */

export { avatarRoutes } from "./avatar-routes.ts";
export { avatarPath } from "./avatar-svg.ts";
