import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AccountExport } from "../../shared/accounts.ts";
import type { PostType } from "../../shared/posts.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { messages } from "../db/tables/chat.ts";
import { conversationMembers, directMessages } from "../db/tables/direct-messages.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviews } from "../db/tables/reviews.ts";
import { presentArea } from "../places/index.ts";
import { presentService } from "../profiles/index.ts";
import { notWithheldSql } from "../visibility/index.ts";

const iso = (date: Date) => date.toISOString();

type AccountData = Omit<
  AccountExport,
  | "exportedAt"
  | "sessions"
  | "notifications"
  | "notificationSettings"
  | "savedSearches"
  | "pushDevices"
>;

/** The direct messages `userId` wrote, oldest first, each with the other member's username. */
async function ownDirectMessages(db: Db, userId: string): Promise<AccountData["directMessages"]> {
  const other = alias(profiles, "recipient");
  const rows = await db
    .select({
      with: other.username,
      text: directMessages.text,
      createdAt: directMessages.createdAt,
    })
    .from(directMessages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, directMessages.conversationId),
        eq(conversationMembers.userId, directMessages.senderId),
      ),
    )
    .innerJoin(other, eq(other.userId, conversationMembers.otherUserId))
    .where(eq(directMessages.senderId, userId))
    .orderBy(asc(directMessages.id));
  return rows.map((row) => ({ with: row.with, text: row.text, createdAt: iso(row.createdAt) }));
}

/** The member's posts, oldest first. */
function ownPostsOf(db: Db, profileId: string) {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      topic: posts.topic,
      body: posts.body,
      type: sql<PostType>`${posts.kind}`,
      areaId: posts.areaId,
      areaName: posts.areaName,
      areaCountry: posts.areaCountry,
      createdAt: posts.createdAt,
      expiresAt: posts.expiresAt,
    })
    .from(posts)
    .where(eq(posts.authorId, profileId))
    .orderBy(asc(posts.id));
}

/**
 * The reviews a member was given, in their export: not withheld (by a member they blocked), nor
 * held (a new account's, issue 32: not the subject's to see before its time).
 */
const receivedSql = and(
  notWithheldSql(reviews),
  or(isNull(reviews.visibleFrom), lte(reviews.visibleFrom, sql`now()`)),
);

/**
 * Everything kept about the account but its secrets (password hash, session tokens) and the
 * sessions, which the route adds: read straight from each feature's table, oldest first.
 */
export async function readAccountData(db: Db, userId: string): Promise<AccountData | null> {
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const base = { account: { ...account, createdAt: iso(account.createdAt) } };
  const chatMessages = (
    await db
      .select({ id: messages.id, text: messages.text, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(asc(messages.id))
  ).map((m) => ({ ...m, createdAt: iso(m.createdAt) }));
  if (!profile) {
    return {
      ...base,
      profile: null,
      posts: [],
      reviewsWritten: [],
      reviewsReceived: [],
      chatMessages,
      directMessages: [],
    };
  }

  const ownPosts = await ownPostsOf(db, profile.id);
  const other = alias(profiles, "other");
  type Side = typeof reviews.authorId | typeof reviews.subjectId;
  /** The reviews whose `own` side is the member, each with the username on its `otherSide`. */
  const reviewsOf = (own: Side, otherSide: Side, skipWithheld = false) =>
    db
      .select({
        title: reviews.title,
        body: reviews.body,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
        username: other.username,
      })
      .from(reviews)
      .innerJoin(other, eq(other.id, otherSide))
      .where(and(eq(own, profile.id), skipWithheld ? receivedSql : undefined))
      .orderBy(asc(reviews.id));
  const written = await reviewsOf(reviews.authorId, reviews.subjectId);
  // A withheld review (by a member this one blocked) is its author's alone.
  const received = await reviewsOf(reviews.subjectId, reviews.authorId, true);

  return {
    ...base,
    profile: {
      username: profile.username,
      email: profile.email,
      showEmail: profile.showEmail,
      imgUrl: profile.imgUrl,
      bio: profile.bio,
      skills: profile.skills,
      interests: profile.interests,
      area: presentArea(profile),
      service: presentService(profile, profile),
      createdAt: iso(profile.createdAt),
    },
    posts: ownPosts.map(({ areaId, areaName, areaCountry, createdAt, expiresAt, ...p }) => ({
      ...p,
      area: presentArea({ areaId, areaName, areaCountry }),
      createdAt: iso(createdAt),
      expiresAt: iso(expiresAt),
    })),
    reviewsWritten: written.map(({ username, createdAt, ...r }) => ({
      about: username,
      ...r,
      createdAt: iso(createdAt),
    })),
    reviewsReceived: received.map(({ username, createdAt, ...r }) => ({
      by: username,
      ...r,
      createdAt: iso(createdAt),
    })),
    chatMessages,
    directMessages: await ownDirectMessages(db, userId),
  };
}
