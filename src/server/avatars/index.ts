/** What other features use of the generated avatars: where a username's avatar is served. */
export { avatarPath } from "./avatar-svg.ts";
