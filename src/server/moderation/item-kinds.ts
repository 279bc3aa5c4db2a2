import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { ReportTargetType } from "../../shared/moderation.ts";
import { storedUsername } from "../../shared/profiles.ts";
import { suspendedUntilText } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { messages, posts, profiles, reviews, users } from "../db/schema.ts";

/** Something members report and moderators act on, with its author, as plain data. */
export type ItemRecord = {
  type: ReportTargetType;
  /** What reports and the log store: the id as text, a profile's uuid. */
  key: string;
  /** What the wire names it by: the id, a profile's username. */
  wireId: string;
  authorUserId: string;
  authorUsername: string;
  /** An ISO time, "indefinite", or null when the author is not suspended. */
  authorSuspendedUntil: string | null;
  title: string | null;
  text: string;
  path: string;
  createdAt: Date;
  hiddenAt: Date | null;
};

/** Which rows of a kind's table: built by the kind, so callers never name its columns. */
export type ItemFilter =
  | { by: "keys"; keys: string[] }
  | { by: "hidden" }
  | { by: "author"; userId: string };

/**
 * One kind of item: how to read it with its author and where it lives, and how to hide or restore
 * rows of it. `load` answers most recently hidden first, then newest.
 */
export type ItemKind = {
  /** The key of the item the wire names `wireId`, or null when no item can have that name. */
  keyOf(db: Db, wireId: string): Promise<string | null>;
  load(db: Db, filter: ItemFilter, limit: number): Promise<ItemRecord[]>;
  /** Sets hidden_at (null: restores) on the rows not already so; answers their keys. */
  setHidden(tx: Db, filter: ItemFilter, hidden: boolean): Promise<string[]>;
};

/** Ids of posts, reviews and chat messages are bigint identities: digits, within JavaScript's range. */
function numericId(wireId: string): number | null {
  return /^\d{1,15}$/.test(wireId) ? Number(wireId) : null;
}

const hiddenAtChange = (hidden: boolean) => (hidden ? sql`now()` : null);

/** Rows whose hidden state is not yet `hidden`. */
const notYet = (column: AnyPgColumn, hidden: boolean) =>
  hidden ? isNull(column) : isNotNull(column);

const profileIdOfUser = (userId: string) =>
  sql`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${userId})`;

const postKind: ItemKind = {
  async keyOf(_db, wireId) {
    const id = numericId(wireId);
    return id === null ? null : String(id);
  },
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
      .where(postWhere(filter))
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
  async setHidden(tx, filter, hidden) {
    const rows = await tx
      .update(posts)
      .set({ hiddenAt: hiddenAtChange(hidden) })
      .where(and(postWhere(filter), notYet(posts.hiddenAt, hidden)))
      .returning({ id: posts.id });
    return rows.map((row) => String(row.id));
  },
};

function postWhere(filter: ItemFilter): SQL {
  if (filter.by === "hidden") return isNotNull(posts.hiddenAt);
  if (filter.by === "author") return eq(posts.authorId, profileIdOfUser(filter.userId));
  return inArray(posts.id, filter.keys.map(Number));
}

const subjects = alias(profiles, "subjects");

const reviewKind: ItemKind = {
  keyOf: postKind.keyOf,
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
      .where(reviewWhere(filter))
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
  async setHidden(tx, filter, hidden) {
    const rows = await tx
      .update(reviews)
      .set({ hiddenAt: hiddenAtChange(hidden) })
      .where(and(reviewWhere(filter), notYet(reviews.hiddenAt, hidden)))
      .returning({ id: reviews.id });
    return rows.map((row) => String(row.id));
  },
};

function reviewWhere(filter: ItemFilter): SQL {
  if (filter.by === "hidden") return isNotNull(reviews.hiddenAt);
  if (filter.by === "author") return eq(reviews.authorId, profileIdOfUser(filter.userId));
  return inArray(reviews.id, filter.keys.map(Number));
}

const messageKind: ItemKind = {
  keyOf: postKind.keyOf,
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
      .where(messageWhere(filter))
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
  async setHidden(tx, filter, hidden) {
    const rows = await tx
      .update(messages)
      .set({ hiddenAt: hiddenAtChange(hidden) })
      .where(and(messageWhere(filter), notYet(messages.hiddenAt, hidden)))
      .returning({ id: messages.id });
    return rows.map((row) => String(row.id));
  },
};

function messageWhere(filter: ItemFilter): SQL {
  if (filter.by === "hidden") return isNotNull(messages.hiddenAt);
  if (filter.by === "author") return eq(messages.userId, filter.userId);
  return inArray(messages.id, filter.keys.map(Number));
}

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
  post: postKind,
  review: reviewKind,
  message: messageKind,
  profile: profileKind,
};
