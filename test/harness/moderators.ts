import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Config } from "../../src/server/config.ts";
import { subscribeToInvalidations } from "../../src/server/db/cache-invalidation.ts";
import type { Database, Db } from "../../src/server/db/database.ts";
import {
  conversationMembers,
  conversations,
  directMessages,
  messages,
  posts,
  reviews,
  users,
} from "../../src/server/db/schema.ts";
import type { ReportReason, ReportTargetType } from "../../src/shared/moderation.ts";
import { createSignedInUser, type TestUser } from "./factories.ts";
import { testAppClosedAfterAll } from "./test-app.ts";

/**
 * Trust and safety tests (issue 16): an app whose ADMIN_EMAILS name the moderators this file makes,
 * members old enough to count toward the reports threshold, things to report, and the calls.
 */

/** The addresses the test app's ADMIN_EMAILS list (a moderator takes the next unused one). */
export const MODERATOR_EMAILS = Array.from({ length: 20 }, (_, i) => `moderator-${i}@example.test`);

/** The one app of a moderation test file: moderators from MODERATOR_EMAILS, threshold 3. */
export function moderationTestApp(overrides: Partial<Config> = {}) {
  return testAppClosedAfterAll({
    moderation: { adminEmails: MODERATOR_EMAILS, autoHideThreshold: 3 },
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
  const [row] = await db
    .insert(posts)
    .values({ authorId: profileIdOf(author), title, topic: "Sales", body: `${title}, call me.` })
    .returning({ id: posts.id });
  if (!row) throw new Error("no post inserted");
  return row.id;
}

/** A review by `author` about `subject`; its id. */
export async function insertReview(db: Db, author: TestUser, subject: TestUser): Promise<number> {
  const [row] = await db
    .insert(reviews)
    .values({
      authorId: profileIdOf(author),
      subjectId: profileIdOf(subject),
      title: "Never showed up",
      body: "Took the money and vanished.",
      rating: 1,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error("no review inserted");
  return row.id;
}

let clientIds = 0;

/** A chat message by `author`; its id. */
export async function insertMessage(
  db: Db,
  author: TestUser,
  text = "Buy followers",
): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      userId: author.userId,
      userName: author.username,
      text,
      clientId: `moderation-test-${clientIds++}`,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error("no message inserted");
  return row.id;
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
 * The keys every instance hears on the cache-invalidation channel (what moderation announces: post
 * changes, chat messages hidden, accounts signed out), from now on. `heard(key)` resolves once the
 * key has come.
 */
export async function listenToAnnouncements(database: Database) {
  const keys: string[] = [];
  const waiting = new Map<string, () => void>();
  const stop = await subscribeToInvalidations(database, (key) => {
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
