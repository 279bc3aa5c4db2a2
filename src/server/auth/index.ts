/**
 * What other features use of identities and sessions: who is asking, and how to show them; the
 * account row's changes (accounts, profiles), and suspending an account (moderation).
 */
export {
  changeEmail,
  deleteUser,
  markEmailVerified,
  nameIfUnnamed,
  resetPassword,
  setPassword,
} from "./account-row-changes.ts";
export { setSuspendedUntil } from "./account-suspension.ts";
export { emailAlreadyInUse, invalidEmail, tooManyRequests, weakPassword } from "./auth-errors.ts";
export { registerAuthRateLimits } from "./auth-rate-limits.ts";
export type { AfterSignUp } from "./auth-routes.ts";
export { authRoutes } from "./auth-routes.ts";
export { googleRoutes } from "./google/google-routes.ts";
export { presentIdentity } from "./identity-presenter.ts";
export { isModerator } from "./moderators.ts";
export { hashPassword, verifyPassword } from "./password-hashing.ts";
export { checkPasswordStrength } from "./password-policy.ts";
export { recheckPassword } from "./password-recheck.ts";
export {
  requestViewerPlugin,
  requireMember,
  requireModerator,
  requireSignedIn,
} from "./request-viewer.ts";
export { hashToken, issueSecretToken } from "./secret-token.ts";
export {
  listSessions,
  revokeSessionById,
  type SessionRow,
} from "./session-store.ts";
export { clearFailures as clearSignInFailures } from "./sign-in-failures.ts";
export { endSession, startSession } from "./start-session.ts";
export { forgetSignInsOf } from "./trusted-devices.ts";
export {
  accountCreatedAt,
  findUserByEmail,
  findUserById,
  type Identity,
  identityColumns,
  revokeAllAccess,
  revokeOtherAccess,
  suspendedUntilText,
} from "./users-repository.ts";
export { forgetViewer, getViewer, type Viewer, type ViewerWithProfile } from "./viewer.ts";
