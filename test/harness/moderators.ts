import { eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Config } from "../../src/server/config.ts";
import type { Database, Db } from "../../src/server/db/database.ts";
import {
  conversationMembers,
  conversations,
  directMessages,
  messages,
  posts,
  profiles,
  reviews,
  users,
} from "../../src/server/db/schema.ts";
import {
  hiddenResponseSchema,
  type ModeratedItem,
  type QueueEntry,
  queueResponseSchema,
  type ReportReason,
  type ReportTargetType,
} from "../../src/shared/moderation.ts";
import { subscribeToEventKeys } from "./event-keys.ts";
import { createSignedInUser, type TestUser } from "./factories.ts";
import { testAppClosedAfterAll } from "./test-app.ts";

/**
 * Trust and safety tests (issue 16): an app whose ADMIN_EMAILS name the moderators this file makes,
 * members old enough to count toward the reports threshold, things to report, and the calls.
 */

/** The addresses the test app's ADMIN_EMAILS list (a moderator takes the next unused one). */
export const MODERATOR_EMAILS = Array.from({ length: 20 }, (_, i) => `moderator-${i}@example.test`);

/**
 * The one app of a moderation test file: moderators from MODERATOR_EMAILS, threshold 3, accounts
 * new for a day as shipped (NEW_ACCOUNT_HOURS): a fresh member's reports do not count toward hiding.
 */
export function moderationTestApp(overrides: Partial<Config> = {}) {
  return testAppClosedAfterAll({
    moderation: { adminEmails: MODERATOR_EMAILS, autoHideThreshold: 3 },
    newAccountHours: 24,
    ...overrides,
  });
}

let moderatorCount = 0;

/** A signed-in moderator with a profile: the next listed address, verified. */
export function createModerator(app: FastifyInstance): Promise<TestUser> {
  const email = MODERATOR_EMAILS[moderatorCount++];
  if (!email) throw new Error("more moderators than MODERATOR_EMAILS");
  return createSignedInUser(app, { email, emailVerified: true });
}

/** Makes the account two days old: past the first day, so its reports count toward auto-hide. */
export async function makeEstablished(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(users.id, userId));
}

/** A signed-in member whose account is two days old. */
export async function createEstablishedMember(app: FastifyInstance): Promise<TestUser> {
  const member = await createSignedInUser(app);
  await makeEstablished(app.database.db, member.userId);
  return member;
}

/** Inserts one row of `values` (checked against the table by the caller) into `table`; its id. */
async function insertRow(
  db: Db,
  table: PgTable & { id: AnyPgColumn },
  values: Record<string, unknown>,
): Promise<number> {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error(`no row inserted into ${getTableName(table)}`);
  return row.id as number;
}

const profileIdOf = (user: TestUser) => {
  if (!user.profile) throw new Error(`${user.username} has no profile`);
  return user.profile.id;
};

/** A post by `author`, straight into the table; its id. */
export async function insertPost(
  db: Db,
  author: TestUser,
  title = "Cheap watches",
): Promise<number> {
  return insertRow(db, posts, {
    authorId: profileIdOf(author),
    title,
    topic: "Sales",
    body: `${title}, call me.`,
  } satisfies typeof posts.$inferInsert);
}

/** A review by `author` about `subject`; its id. */
export async function insertReview(db: Db, author: TestUser, subject: TestUser): Promise<number> {
  return insertRow(db, reviews, {
    authorId: profileIdOf(author),
    subjectId: profileIdOf(subject),
    title: "Never showed up",
    body: "Took the money and vanished.",
    rating: 1,
  } satisfies typeof reviews.$inferInsert);
}

let clientIds = 0;

/** A chat message by `author`; its id. */
export async function insertMessage(
  db: Db,
  author: TestUser,
  text = "Buy followers",
): Promise<number> {
  return insertRow(db, messages, {
    userId: author.userId,
    userName: author.username,
    text,
    clientId: `moderation-test-${clientIds++}`,
  } satisfies typeof messages.$inferInsert);
}

/** POST /api/reports as `reporter`. */
export function report(
  app: FastifyInstance,
  reporter: TestUser | undefined,
  target: { type: ReportTargetType; id: string | number },
  reason: ReportReason = "spam",
  note?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/reports",
    headers: reporter ? { cookie: reporter.cookie } : {},
    payload: {
      target: { type: target.type, id: String(target.id) },
      reason,
      ...(note === undefined ? {} : { note }),
    },
  });
}

/** A request to the moderation API as `user` (signed out without one). */
export function moderationCall(
  app: FastifyInstance,
  user: TestUser | undefined,
  request: { method?: "GET" | "POST"; url: string; payload?: object },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method ?? "GET",
    url: `/api/moderation${request.url}`,
    headers: user ? { cookie: user.cookie } : {},
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

/**
 * The keys of the events this process hears (event-keys.ts; what moderation announces: post
 * changes, chat messages hidden, accounts signed out), from now on. `heard(key)` resolves once the
 * key has come.
 */
export async function listenToAnnouncements(database: Database) {
  const keys: string[] = [];
  const waiting = new Map<string, () => void>();
  const stop = await subscribeToEventKeys(database, (key) => {
    keys.push(key);
    waiting.get(key)?.();
  });
  return {
    keys,
    heard(key: string): Promise<void> {
      if (keys.includes(key)) return Promise.resolve();
      return new Promise((resolve) => waiting.set(key, resolve));
    },
    stop,
  };
}

/** Whether a queue or hidden list's entry is `target`'s. */
export const isTarget =
  (target: { type: ReportTargetType; id: string | number }) =>
  (entry: { target: { type: string; id: string } }) =>
    entry.target.type === target.type && entry.target.id === String(target.id);

/** Runs `work` while listening to the announcements (listenToAnnouncements), then stops. */
export async function whileListening<T>(
  database: Database,
  work: (announcements: Awaited<ReturnType<typeof listenToAnnouncements>>) => Promise<T>,
): Promise<T> {
  const announcements = await listenToAnnouncements(database);
  try {
    return await work(announcements);
  } finally {
    await announcements.stop();
  }
}

/** Where each kind of item keeps hidden_at, by the id tests hold (a profile: its member's account). */
const HIDDEN_AT: Record<
  HideableKind,
  { table: PgTable & { hiddenAt: AnyPgColumn }; id: AnyPgColumn }
> = {
  post: { table: posts, id: posts.id },
  review: { table: reviews, id: reviews.id },
  message: { table: messages, id: messages.id },
  "direct-message": { table: directMessages, id: directMessages.id },
  profile: { table: profiles, id: profiles.userId },
};
type HideableKind = "post" | "review" | "message" | "direct-message" | "profile";

/** When the item was hidden, straight from its table: null when shown, undefined when gone. */
export async function hiddenAtOf(
  db: Db,
  type: HideableKind,
  id: number | string,
): Promise<Date | null | undefined> {
  const { table, id: column } = HIDDEN_AT[type];
  const [row] = await db.select({ at: table.hiddenAt }).from(table).where(eq(column, id));
  return row?.at as Date | null | undefined;
}

/** Hides the item (or shows it: null) straight in its table, as if moderators had, at `at`. */
export async function setHiddenAt(
  db: Db,
  type: HideableKind,
  id: number | string,
  at: Date | SQL | null,
): Promise<void> {
  const { table, id: column } = HIDDEN_AT[type];
  await db
    .update(table)
    .set({ hiddenAt: at } as Record<string, unknown>)
    .where(eq(column, id));
}

/**
 * A conversation between two members (issue 17), straight into the tables: `starter` wrote first;
 * `otherStatus` is the other's side (`open`: they replied). Its id.
 */
export async function insertConversation(
  db: Db,
  starter: TestUser,
  other: TestUser,
  otherStatus: "request" | "open" | "declined" = "open",
): Promise<number> {
  const [row] = await db
    .insert(conversations)
    .values({
      userLo: sql`least(${starter.userId}::uuid, ${other.userId}::uuid)`,
      userHi: sql`greatest(${starter.userId}::uuid, ${other.userId}::uuid)`,
      startedBy: starter.userId,
    })
    .returning({ id: conversations.id });
  if (!row) throw new Error("no conversation inserted");
  await db.insert(conversationMembers).values([
    { conversationId: row.id, userId: starter.userId, otherUserId: other.userId, status: "open" },
    {
      conversationId: row.id,
      userId: other.userId,
      otherUserId: starter.userId,
      status: otherStatus,
    },
  ]);
  return row.id;
}

/**
 * A direct message by `sender` in `conversationId` (`withheld`: from a member the recipient
 * blocked); its id.
 */
export async function insertDirectMessage(
  db: Db,
  conversationId: number,
  sender: TestUser,
  text = "Send me your bank details",
  options: { withheld?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .insert(directMessages)
    .values({
      conversationId,
      senderId: sender.userId,
      text,
      clientId: `moderation-test-${clientIds++}`,
      withheld: options.withheld ?? false,
    })
    .returning({ id: directMessages.id });
  if (!row) throw new Error("no direct message inserted");
  await db
    .update(conversations)
    .set({ lastMessageId: row.id })
    .where(eq(conversations.id, conversationId));
  return row.id;
}

/**
 * The one app of a moderation test file and its usual parts, bound to it: moderators, members
 * (established: two days old), items straight into the tables, reports, the moderation API and its
 * queue and count. `t` and `db` for the rest.
 */
export function moderationFixture(overrides: Partial<Config> = {}) {
  const t = moderationTestApp(overrides);
  const db = () => t.database.db;
  const call = (user: TestUser | undefined, request: Parameters<typeof moderationCall>[2]) =>
    moderationCall(t.app, user, request);
  const listed = async (moderator: TestUser | undefined, url: string) => {
    const res = await call(moderator, { url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return {
    t,
    db,
    moderator: () => createModerator(t.app),
    member: (options?: Parameters<typeof createSignedInUser>[1]) =>
      createSignedInUser(t.app, options),
    establishedMember: () => createEstablishedMember(t.app),
    /** A new member and a post, a review (of another new member, `subject`) and a chat message by them. */
    async authorOfEveryKind() {
      const author = await createSignedInUser(t.app);
      const subject = await createSignedInUser(t.app);
      const postId = await insertPost(db(), author);
      const reviewId = await insertReview(db(), author, subject);
      return { author, subject, postId, reviewId, messageId: await insertMessage(db(), author) };
    },
    post: (author: TestUser, title?: string) => insertPost(db(), author, title),
    review: (author: TestUser, subject: TestUser) => insertReview(db(), author, subject),
    message: (author: TestUser, text?: string) => insertMessage(db(), author, text),
    conversation: (
      starter: TestUser,
      other: TestUser,
      otherStatus?: "request" | "open" | "declined",
    ) => insertConversation(db(), starter, other, otherStatus),
    directMessage: (
      conversationId: number,
      sender: TestUser,
      text?: string,
      options?: { withheld?: boolean },
    ) => insertDirectMessage(db(), conversationId, sender, text, options),
    report: (
      reporter: TestUser | undefined,
      target: { type: ReportTargetType; id: string | number },
      reason?: ReportReason,
      note?: string,
    ) => report(t.app, reporter, target, reason, note),
    call,
    hiddenAt: (type: HideableKind, id: number | string) => hiddenAtOf(db(), type, id),
    setHiddenAt: (type: HideableKind, id: number | string, at: Date | SQL | null) =>
      setHiddenAt(db(), type, id, at),
    listening: <T>(work: Parameters<typeof whileListening<T>>[1]) =>
      whileListening(t.database, work),
    /**
     * A post by a new member that `reporters` other new members reported (each report answered
     * 201), with `reason` and `note` when given.
     */
    async reportedPost({
      reporters = 2,
      reason,
      note,
    }: {
      reporters?: number;
      reason?: ReportReason;
      note?: string;
    } = {}) {
      const author = await createSignedInUser(t.app);
      const postId = await insertPost(db(), author);
      for (let i = 0; i < reporters; i++) {
        const reporter = await createSignedInUser(t.app);
        const res = await report(t.app, reporter, { type: "post", id: postId }, reason, note);
        expect(res.statusCode, res.body).toBe(201);
      }
      return { author, postId };
    },
    /** GET /api/moderation/queue as `moderator`: the open items. */
    async queue(moderator: TestUser | undefined): Promise<QueueEntry[]> {
      return queueResponseSchema.parse(await listed(moderator, "/queue")).items;
    },
    /** GET /api/moderation/hidden as `moderator`: the items hidden now. */
    async hidden(moderator: TestUser | undefined): Promise<ModeratedItem[]> {
      return hiddenResponseSchema.parse(await listed(moderator, "/hidden")).items;
    },
    /** GET /api/moderation/count as `moderator`: the open reports' items. */
    async openCount(moderator: TestUser | undefined): Promise<number> {
      const res = await call(moderator, { url: "/count" });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().open;
    },
  };
}
