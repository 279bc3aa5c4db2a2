/** What other features use of identities and sessions: who is asking, and how to show them. */
export { emailAlreadyInUse, invalidEmail, tooManyRequests, weakPassword } from "./auth-errors.ts";
export { registerAuthRateLimits } from "./auth-rate-limits.ts";
export type { AfterSignUp } from "./auth-routes.ts";
export { presentIdentity } from "./identity-presenter.ts";
export { isModerator } from "./moderators.ts";
export { hashPassword, verifyPassword } from "./password-hashing.ts";
export { checkPasswordStrength } from "./password-policy.ts";
export { hashToken, issueSecretToken } from "./secret-token.ts";
export {
  listSessions,
  revokeOtherSessions,
  revokeSessionById,
  type SessionRow,
} from "./session-store.ts";
export { endedSessionOf } from "./sessions-ended.ts";
export { clearFailures as clearSignInFailures } from "./sign-in-failures.ts";
export { endSession, startSession } from "./start-session.ts";
export {
  findUserByEmail,
  findUserById,
  type Identity,
  identityColumns,
  revokeAllAccess,
  suspendedUntilText,
} from "./users-repository.ts";
export {
  forgetViewer,
  getViewer,
  requireProfile,
  requireViewer,
  type Viewer,
  type ViewerWithProfile,
} from "./viewer.ts";
