// What other features use of blocking: Block and the blocked notice on a profile, the list in
// settings.
export { BlockButton } from "./block-button.tsx";
export { BlockedMembersList } from "./blocked-members-list.tsx";
export { BlockedNotice } from "./blocked-notice.tsx";
