import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReportTargetType } from "../../shared/moderation.ts";
import { storedUsername } from "../../shared/profiles.ts";
import { suspendedUntilText } from "../auth/index.ts";
import { messages, posts, profiles, reviews, users } from "../db/schema.ts";
import { directMessageKind } from "./direct-message-kind.ts";
import {
  hiddenAtChange,
  hideableRows,
  type ItemFilter,
  type ItemKind,
  notYet,
  numericKeyOf,
} from "./item-kind.ts";
import { withRemovedPosts } from "./removed-posts.ts";
import { reviewReplyKind } from "./review-reply-kind.ts";

const profileIdOfUser = (userId: string) =>
  sql`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${userId})`;

const postRows = hideableRows(posts, (userId) => eq(posts.authorId, profileIdOfUser(userId)));

const postKind: ItemKind = {
  keyOf: numericKeyOf,
  async load(db, filter, limit) {
    const rows = await db
      .select({
        id: posts.id,
        authorUserId: profiles.userId,
        authorUsername: profiles.username,
        authorSuspendedUntil: suspendedUntilText,
        title: posts.title,
        text: posts.body,
        createdAt: posts.createdAt,
        hiddenAt: posts.hiddenAt,
      })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.authorId))
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(postRows.where(filter))
      .orderBy(sql`${posts.hiddenAt} desc nulls last`, desc(posts.id))
      .limit(limit);
    return rows.map(({ id, ...row }) => ({
      ...row,
      type: "post",
      key: String(id),
      wireId: String(id),
      path: `/articles/${id}`,
    }));
  },
  setHidden: postRows.setHidden,
};

const subjects = alias(profiles, "subjects");

const reviewRows = hideableRows(reviews, (userId) => eq(reviews.authorId, profileIdOfUser(userId)));

const reviewKind: ItemKind = {
  keyOf: numericKeyOf,
  async load(db, filter, limit) {
    const rows = await db
      .select({
        id: reviews.id,
        authorUserId: profiles.userId,
        authorUsername: profiles.username,
        authorSuspendedUntil: suspendedUntilText,
        subjectUsername: subjects.username,
        title: reviews.title,
        text: reviews.body,
        createdAt: reviews.createdAt,
        hiddenAt: reviews.hiddenAt,
      })
      .from(reviews)
      .innerJoin(profiles, eq(profiles.id, reviews.authorId))
      .innerJoin(users, eq(users.id, profiles.userId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
      .where(reviewRows.where(filter))
      .orderBy(sql`${reviews.hiddenAt} desc nulls last`, desc(reviews.id))
      .limit(limit);
    return rows.map(({ id, subjectUsername, ...row }) => ({
      ...row,
      type: "review",
      key: String(id),
      wireId: String(id),
      path: `/user/${subjectUsername}`,
    }));
  },
  setHidden: reviewRows.setHidden,
};

const messageRows = hideableRows(messages, (userId) => eq(messages.userId, userId));

const messageKind: ItemKind = {
  keyOf: numericKeyOf,
  async load(db, filter, limit) {
    const rows = await db
      .select({
        id: messages.id,
        authorUserId: messages.userId,
        // The sender's username now; the one the message was sent under if the profile is gone.
        authorUsername: sql<string>`coalesce(${profiles.username}, ${messages.userName})`,
        authorSuspendedUntil: suspendedUntilText,
        text: messages.text,
        createdAt: messages.createdAt,
        hiddenAt: messages.hiddenAt,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .leftJoin(profiles, eq(profiles.userId, messages.userId))
      .where(messageRows.where(filter))
      .orderBy(sql`${messages.hiddenAt} desc nulls last`, desc(messages.id))
      .limit(limit);
    return rows.map(({ id, ...row }) => ({
      ...row,
      type: "message",
      key: String(id),
      wireId: String(id),
      title: null,
      path: "/chatapp",
    }));
  },
  setHidden: messageRows.setHidden,
};

const profileKind: ItemKind = {
  async keyOf(db, wireId) {
    const [row] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.username, storedUsername(wireId)))
      .limit(1);
    return row?.id ?? null;
  },
  async load(db, filter, limit) {
    const rows = await db
      .select({
        key: profiles.id,
        authorUserId: profiles.userId,
        authorUsername: profiles.username,
        authorSuspendedUntil: suspendedUntilText,
        text: profiles.bio,
        createdAt: profiles.createdAt,
        hiddenAt: profiles.hiddenAt,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(profileWhere(filter))
      .orderBy(sql`${profiles.hiddenAt} desc nulls last`, desc(profiles.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      ...row,
      type: "profile",
      wireId: row.authorUsername,
      title: row.authorUsername,
      path: `/user/${row.authorUsername}`,
    }));
  },
  async setHidden(tx, filter, hidden) {
    const rows = await tx
      .update(profiles)
      .set({ hiddenAt: hiddenAtChange(hidden) })
      .where(and(profileWhere(filter), notYet(profiles.hiddenAt, hidden)))
      .returning({ id: profiles.id });
    return rows.map((row) => row.id);
  },
};

function profileWhere(filter: ItemFilter): SQL {
  if (filter.by === "hidden") return isNotNull(profiles.hiddenAt);
  if (filter.by === "author") return eq(profiles.userId, filter.userId);
  return inArray(profiles.id, filter.keys);
}

export const ITEM_KINDS: Record<ReportTargetType, ItemKind> = {
  post: withRemovedPosts(postKind),
  review: reviewKind,
  "review-reply": reviewReplyKind,
  message: messageKind,
  profile: profileKind,
  "direct-message": directMessageKind,
};
