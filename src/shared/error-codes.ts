/**
 * Every code the API answers in its error shape (`{ error: { code } }`, DESIGN §3) and the chat in
 * its error frames: the one list the server's errors, the frames' schema and the web's messages
 * draw from. They are wire values (tests, SPEC texts and clients depend on them): add, never rename.
 */
export const ERROR_CODES = [
  // The request itself.
  "invalid-input",
  "bad-request",
  "bad-url",
  "bad-handshake",
  "uri-too-long",
  "missing-host",
  "unknown-host",
  "expectation-failed",
  "request-timeout",
  "headers-too-large",
  "payload-too-large",
  "upgrade-required",
  "cross-site-request",
  "foreign-origin",
  // Identity: the web maps these to SPEC §8 texts.
  "invalid-email",
  "weak-password",
  "email-already-in-use",
  "invalid-credential",
  "user-not-found",
  "wrong-password",
  // Accounts and email (issue 15).
  "invalid-token",
  "already-verified",
  "reauthentication-required",
  "mail-unavailable",
  // Who may do what (policies.ts).
  "not-signed-in",
  "session-ended",
  // A write made for one account while the cookie signs in another (issue 20).
  "session-changed",
  "profile-required",
  "forbidden",
  // GET /metrics without the operator's token (issue 35).
  "metrics-token-required",
  // The port answers before the app is built (migrating; issue 35).
  "starting",
  "self-review",
  // What exists.
  "not-found",
  "profile-exists",
  "username-taken",
  "already-reviewed",
  // Trust and safety (issue 16).
  "already-reported",
  "account-suspended",
  // Own your content (issue 19).
  "post-removed",
  "invalid-image",
  // The skill vocabulary (issue 33): a name or synonym another skill has; a skill not on the list.
  "skill-taken",
  "unknown-skill",
  // Push (issue 31): a member's devices are at MAX_PUSH_DEVICES.
  "too-many-devices",
  // Chat frames.
  "invalid-frame",
  "invalid-text",
  // Limits and availability.
  "too-many-requests",
  "too-many-connections",
  "storage-unavailable",
  "server-busy",
  "shutting-down",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes the web client gives failures that never reached the API's error shape. */
export const CLIENT_ERROR_CODES = [
  /** The server could not be reached. */
  "network",
  /** A write not sent: the browser is offline (issue 31). */
  "offline",
  /** The server answered an error without the error shape (a proxy's page, say). */
  "unknown",
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
