import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Set when its author last changed what they wrote (issue 19): pages show "edited"; null: never. */
const editedAt = () => timestamp("edited_at", { withTimezone: true });

/** Binary data (the photos' bytes): Buffer in Node, bytea in both engines. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** PostgreSQL's full-text document type; filled by the database (generated columns), never by us. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * An optional area (issue 18): a place of the bundled gazetteer (GeoNames id, its name and country)
 * and that place's centre, copied from the gazetteer when chosen: never an address nor a point
 * anyone picked. All five are set or none (checked).
 */
const areaColumns = () => ({
  areaId: integer("area_id"),
  areaName: text("area_name"),
  areaCountry: text("area_country"),
  areaLat: doublePrecision("area_lat"),
  areaLng: doublePrecision("area_lng"),
});

/** The area columns are all null or all set (and the centre on the globe). */
function areaCheck(
  name: string,
  t: Record<"areaId" | "areaName" | "areaCountry" | "areaLat" | "areaLng", AnyPgColumn>,
) {
  return check(
    name,
    sql`(${t.areaId} is null and ${t.areaName} is null and ${t.areaCountry} is null and ${t.areaLat} is null and ${t.areaLng} is null) or (${t.areaId} is not null and ${t.areaName} is not null and ${t.areaCountry} is not null and ${t.areaLat} between -90 and 90 and ${t.areaLng} between -180 and 180)`,
  );
}

// ── identity ────────────────────────────────────────────────────────────────

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

/**
 * One-time links sent by email (verify an address, reset a password, confirm a new address): the
 * link holds a random token, the table its SHA-256. `email` is the address the link proves.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "account_tokens_purpose",
      sql`${t.purpose} in ('verify-email', 'reset-password', 'change-email')`,
    ),
    index("account_tokens_user_purpose_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Usernames of deleted accounts, which nobody else may take until `until`. */
export const retiredUsernames = pgTable("retired_usernames", {
  username: text("username").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * Mail to send (the outbox): written in the same transaction as the change that causes it, sent by
 * the server's mail sender with retries; `sent_at` or `failed_at` ends a row's life.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    createdAt: createdAt(),
    /** When a sender may next try it; a sender that claims a row moves this past its attempt. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when it stopped retrying (a permanent SMTP refusal, or too many attempts). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index("mail_outbox_to_created_idx").on(t.toAddress, t.createdAt),
  ],
);

/** Failed sign-ins, for the per-account brute-force limit shared by every instance. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
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

/** Writes per account (posts, reviews, profile edits, chat), for limits shared by every instance. */
export const writeEvents = pgTable(
  "write_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("write_events_user_action_at_idx").on(t.userId, t.action, t.at),
    index("write_events_at_idx").on(t.at),
  ],
);

// ── product ─────────────────────────────────────────────────────────────────

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull().unique(),
    email: text("email"),
    /** Whether signed-in members may see the email; signed-out visitors never do. */
    showEmail: boolean("show_email").notNull().default(false),
    imgUrl: text("img_url"),
    bio: text("bio").notNull().default(""),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** Set when a moderator (or enough reports) hid it: only its author and moderators see it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    ...areaColumns(),
    /** Search document: username and skills weigh more than the bio (migration 0005's config). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('ylt_search', username), 'A') || setweight(to_tsvector('ylt_search', ylt_words(skills)), 'A') || setweight(to_tsvector('ylt_search', bio), 'B')`,
      ),
  },
  (t) => [
    check("profiles_username_format", sql`${t.username} ~ '^[a-z0-9_-]{3,30}$'`),
    index("profiles_hidden_idx").on(t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
    areaCheck("profiles_area_complete", t),
    index("profiles_search_idx").using("gin", t.searchVector),
    index("profiles_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    index("profiles_skills_idx").using("gin", t.skills),
    index("profiles_area_earth_idx")
      .using("gist", sql`ylt_earth(${t.areaLat}, ${t.areaLng})`)
      .where(sql`${t.areaLat} is not null`),
  ],
);

export const posts = pgTable(
  "articles",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    topic: text("topic").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    /** Set when a moderator (or enough reports) hid it: only its author and moderators see it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /**
     * 'offering' or 'looking-for' (shared/posts.ts POST_TYPES). Posts from before issue 18 and
     * clients that send none are offerings: see decision 012.
     */
    kind: text("kind").notNull().default("offering"),
    ...areaColumns(),
    editedAt: editedAt(),
    /** Set when its author marked it filled (issue 19): still readable, sorts after open ones. */
    filledAt: timestamp("filled_at", { withTimezone: true }),
    /**
     * The author's username and image, copied from their profile by triggers (migration 0007: on
     * insert, and when the profile's change) so a page of the feed reads no other table. Never
     * written by the app; the default is only there until the trigger fills it.
     */
    authorUsername: text("author_username").notNull().default(""),
    authorImgUrl: text("author_img_url"),
    /** Search document: title and topic weigh more than the body (migration 0005's config). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('ylt_search', title), 'A') || setweight(to_tsvector('ylt_search', topic), 'A') || setweight(to_tsvector('ylt_search', body), 'B')`,
      ),
  },
  (t) => [
    index("articles_created_idx").on(t.createdAt, t.id),
    index("articles_topic_created_idx").on(sql`lower(${t.topic})`, t.createdAt, t.id),
    index("articles_author_idx").on(t.authorId),
    index("articles_hidden_idx").on(t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
    check("articles_kind", sql`${t.kind} in ('offering', 'looking-for')`),
    areaCheck("articles_area_complete", t),
    index("articles_search_idx").using("gin", t.searchVector),
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("articles_area_earth_idx")
      .using("gist", sql`ylt_earth(${t.areaLat}, ${t.areaLng})`)
      .where(sql`${t.areaLat} is not null`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: createdAt(),
    /** Set when a moderator (or enough reports) hid it: only its author and moderators see it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    editedAt: editedAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_no_self_review", sql`${t.authorId} <> ${t.subjectId}`),
    unique("reviews_one_per_author_subject").on(t.authorId, t.subjectId),
    index("reviews_subject_created_idx").on(t.subjectId, t.createdAt, t.id),
    index("reviews_hidden_idx").on(t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
  ],
);

/**
 * Posts their authors deleted (issue 19): the row is gone with its words, its id stays here so its
 * address can say "This post was removed" rather than "does not exist".
 */
export const removedPosts = pgTable("removed_posts", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The reviewed member's one answer to a review (issue 19), keyed by the review: its author is always
 * the review's subject. Reported and hidden like a review.
 */
export const reviewReplies = pgTable("review_replies", {
  reviewId: bigint("review_id", { mode: "number" })
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  createdAt: createdAt(),
  editedAt: editedAt(),
  hiddenAt: timestamp("hidden_at", { withTimezone: true }),
});

/**
 * A profile's uploaded photo (issue 19), one row per upload, the bytes in the database so every
 * instance serves it on either engine (decision 013). `id` is random and in the URL, so a new photo
 * is a new address that may be cached for good; replacing or removing a photo deletes its row.
 */
export const profilePhotos = pgTable(
  "profile_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The square sizes (PHOTO_SIZES, shared/photos.ts), WebP, metadata stripped. */
    small: bytea("small").notNull(),
    large: bytea("large").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("profile_photos_profile_idx").on(t.profileId)],
);

export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    userPhotoUrl: text("user_photo_url"),
    text: text("text").notNull(),
    /** The sender's id for this message, so a resend is stored once. */
    clientId: text("client_id").notNull(),
    createdAt: createdAt(),
    /** Set when a moderator (or enough reports) hid it: only its author and moderators see it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt, t.id),
    unique("messages_user_client_unique").on(t.userId, t.clientId),
    index("messages_hidden_idx").on(t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
  ],
);

// ── trust and safety ────────────────────────────────────────────────────────

/**
 * A member's report of something another member wrote. `targetId` is the item's id as text (a post,
 * review or chat message id; a profile's uuid); `subjectUserId` is its author's
 * account. Open until a moderator acts on the item; one open report per reporter and item.
 */
export const reports = pgTable(
  "reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    subjectUserId: uuid("subject_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "reports_target_type",
      sql`${t.targetType} in ('post', 'review', 'review-reply', 'profile', 'message', 'direct-message')`,
    ),
    check(
      "reports_reason",
      sql`${t.reason} in ('spam', 'harassment', 'scam', 'inappropriate', 'other')`,
    ),
    check("reports_status", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    uniqueIndex("reports_one_open_per_reporter_item")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_open_created_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("reports_target_idx").on(t.targetType, t.targetId),
    index("reports_subject_idx").on(t.subjectUserId),
  ],
);

/**
 * What moderators did, and what the reports threshold did on its own (`moderatorId` null): read by
 * moderators, never shown to reporters. `subjectUserId` is the member the action concerned.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    moderatorId: uuid("moderator_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_log_created_idx").on(t.createdAt, t.id)],
);

/** Who blocked whom: the blocker stops seeing the blocked member, who cannot review the blocker. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    index("blocks_blocked_idx").on(t.blockedId),
  ],
);

// ── direct messages (issue 17) ──────────────────────────────────────────────

/**
 * A private conversation between two members: one per pair, `user_lo` < `user_hi` (users.id).
 * `started_by` wrote first; until the other replies or accepts, it is a request for them.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userLo: uuid("user_lo")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userHi: uuid("user_hi")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startedBy: uuid("started_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The newest message's id (0 before the first): lists sort by it. */
    lastMessageId: bigint("last_message_id", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    unique("conversations_pair_unique").on(t.userLo, t.userHi),
    check("conversations_pair_order", sql`${t.userLo} < ${t.userHi}`),
    index("conversations_user_hi_idx").on(t.userHi),
  ],
);

/**
 * Each participant's side of a conversation: where they have read up to, and its state for them —
 * `request` (the other wrote first and they have not replied or accepted), `open`, or `declined`
 * (hidden from their list; the other is not told).
 */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    otherUserId: uuid("other_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    /** The highest message id this member has read (0: none). */
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    unique("conversation_members_user_other_unique").on(t.userId, t.otherUserId),
    check("conversation_members_status", sql`${t.status} in ('request', 'open', 'declined')`),
  ],
);

/**
 * A message of a conversation. `withheld`: sent by a member the recipient blocked — the sender sees
 * it as sent (blocking is silent), the recipient never does. Ids are the resume cursor, made visible
 * in order like the room's (one insert lock).
 */
export const directMessages = pgTable(
  "direct_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    clientId: text("client_id").notNull(),
    withheld: boolean("withheld").notNull().default(false),
    createdAt: createdAt(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    unique("direct_messages_sender_client_unique").on(t.senderId, t.clientId),
    index("direct_messages_conversation_idx").on(t.conversationId, t.id),
    index("direct_messages_hidden_idx").on(t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
  ],
);
