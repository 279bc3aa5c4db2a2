// What the app shell uses of the accounts feature: the unverified-email notice. Screens are
// reached through routes.tsx.
export { VerifyEmailNotice } from "./verify-email-notice.tsx";
