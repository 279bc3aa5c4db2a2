import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt, identityId } from "./columns.ts";

/** A signed-in identity: email/password and/or linked OpenID Connect accounts. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower-cased; null for an OpenID account that shared no email. */
  email: text("email").unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  displayName: text("display_name"),
  photoUrl: text("photo_url"),
  /** argon2id PHC string; null for accounts that only sign in with Google. */
  passwordHash: text("password_hash"),
  createdAt: createdAt(),
  /**
   * Set by a moderator's suspension: the account cannot sign in before this time ('infinity' until
   * a moderator lifts it); null or past means not suspended.
   */
  suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
});

/** Accounts at an OpenID Connect provider, keyed by (issuer, subject), never by email. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index("oauth_accounts_user_idx").on(t.userId),
  ],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** What the settings page names a session by (the token hash never leaves the server). */
    publicId: uuid("public_id").notNull().unique().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The browser's User-Agent at sign-in, cut to 300 characters. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /** Updated at most every few minutes, not on every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Failed sign-ins, for the per-account brute-force limit shared by every instance. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: identityId(),
    accountKey: text("account_key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sign_in_failures_key_at_idx").on(t.accountKey, t.at),
    index("sign_in_failures_at_idx").on(t.at),
  ],
);

/**
 * Browsers that signed in to an account before (OWASP's device cookie): the cookie holds a random
 * token, the table its SHA-256. Such a browser is not held by the per-account lock that strangers
 * can trigger; its own failures count in sign_in_failures under its own key and lock only it.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountKey: text("account_key").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("trusted_devices_expires_idx").on(t.expiresAt)],
);
