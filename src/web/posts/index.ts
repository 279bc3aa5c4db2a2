// What other features use of posts: the card of a post in a list (the feed's, search results'),
// the type and filled badges, and a post's form fields (the feed's add-post form). The post page is reached through routes.tsx.
export { FilledBadge } from "./filled-badge.tsx";
export { PostCard } from "./post-card.tsx";
export { PostFields } from "./post-fields.tsx";
export { PostTypeBadge } from "./post-type-badge.tsx";
