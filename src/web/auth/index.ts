// What other features and the app shell use of sign-in: the session, the stored username, the
// guard, the top bar and the Google button. Screens are reached through routes.tsx, not from here.
export { forgetSession } from "./forget-session.ts";
export { GoogleButton } from "./google-button.tsx";
export { NewPasswordField } from "./new-password-field.tsx";
export { RequireSignIn } from "./require-sign-in.tsx";
export { signInPathFor } from "./return-path.ts";
export { SessionCheckFailed, SessionUnknown } from "./session-check-failed.tsx";
export { SignInLink } from "./sign-in-link.tsx";
export { SignInLinks } from "./sign-in-links.tsx";
export { readStoredUsername, storeUsername } from "./stored-username.ts";
export { TopBar } from "./top-bar.tsx";
export { useAccountGeneration } from "./use-account-generation.ts";
export { useReturnPath } from "./use-return-path.ts";
export { loadSession, useSession } from "./use-session.ts";
