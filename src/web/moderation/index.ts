// What the app shell uses of moderation: the top bar's link. The page is reached through routes.tsx.
export { ModerationLink } from "./moderation-link.tsx";
