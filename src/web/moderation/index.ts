// What the app shell uses of moderation: the top bar's link; profiles show moderators a member's
// suspension. The page is reached through routes.tsx.
export { MemberSuspensionStatus } from "./member-suspension-status.tsx";
export { ModerationLink } from "./moderation-link.tsx";
