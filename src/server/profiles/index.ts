/** What other features use of profiles: a deleted account's username kept from others a while. */
export { retireUsername } from "./profiles-repository.ts";
