// What other features use of profiles: saving the owner's profile choices (settings), and how a
// post's author answers messages (posts). Screens are reached through routes.tsx.
export { useUpdateProfile } from "./api/update-profile.ts";
export { AuthorResponsiveness } from "./author-responsiveness.tsx";
export { ShowEmailField } from "./show-email-field.tsx";
