// What other features use of profiles: saving the owner's profile choices (settings).
// Screens are reached through routes.tsx.
export { useUpdateProfile } from "./api/update-profile.ts";
export { ShowEmailField } from "./show-email-field.tsx";
