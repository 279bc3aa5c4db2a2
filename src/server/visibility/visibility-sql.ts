import { and, eq, inArray, isNull, notExists, notInArray, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { blocks } from "../db/tables/blocks.ts";
import { profiles } from "../db/tables/profiles.ts";
import { type Reader, type ReaderKind, readerKind } from "./visibility-rules.ts";

/**
 * The reader as a query sees them (decision 018). The kind fixes the SQL's shape; the account
 * (and profile, for items whose author is a profile id) are bound values or placeholders, so a
 * prepared statement serves every reader of a kind. `blocked`, when given, is the reader's list
 * from this instance's cache (bound as values: for reads built per request); without it the
 * blocks table is asked in the query (for prepared reads).
 */
export type SqlReader =
  | { kind: "anonymous" }
  | {
      kind: Exclude<ReaderKind, "anonymous">;
      userId: SQL;
      profileId?: SQL;
      blocked?: readonly string[];
    };

/** Who wrote an item: a column (or expression) holding their account, or their profile's id. */
export type SqlAuthor = { userId: AnyPgColumn } | { profileId: AnyPgColumn };

/** An item as a query sees it; `blockable: false` where blocks act at write time instead (DMs). */
export type SqlItem = {
  hiddenAt: AnyPgColumn;
  author: SqlAuthor;
  withheld?: AnyPgColumn;
  blockable?: boolean;
};

/** Placeholders for a prepared read: `readerUserId` and `readerProfileId` (uuid). */
export function readerPlaceholders(kind: ReaderKind): SqlReader {
  if (kind === "anonymous") return { kind };
  return {
    kind,
    userId: sql`${sql.placeholder("readerUserId")}::uuid`,
    profileId: sql`${sql.placeholder("readerProfileId")}::uuid`,
  };
}

/** A JS reader with its values bound and its cached blocks as a list (a read built per request). */
export function boundReader(reader: Reader | null, kind = readerKind(reader)): SqlReader {
  if (!reader || kind === "anonymous") return { kind: "anonymous" };
  return { kind, userId: sql`${reader.userId}`, blocked: [...reader.blocked] };
}

/**
 * The item was not withheld by a block (withheld items are their author's alone). On its own for
 * readers who are never the author and see hidden items too: the reviews a member received, in
 * their own export; the messages before a reported direct message, for moderators.
 */
export function notWithheldSql(item: { withheld: AnyPgColumn }): SQL {
  return eq(item.withheld, false);
}

/** What everyone may see of an item: not hidden, not withheld (the shared feed, counts, search). */
export function publicSql(item: Pick<SqlItem, "hiddenAt" | "withheld">): SQL {
  const hidden = isNull(item.hiddenAt);
  return item.withheld ? (and(hidden, notWithheldSql({ withheld: item.withheld })) as SQL) : hidden;
}

/** The item is the reader's own. */
function byReader(reader: Exclude<SqlReader, { kind: "anonymous" }>, author: SqlAuthor): SQL {
  if ("userId" in author) return eq(author.userId, reader.userId);
  if (!reader.profileId) throw new Error("an item by profile id needs the reader's profileId");
  return eq(author.profileId, reader.profileId);
}

const blockedProfiles = alias(profiles, "blocked_profiles");

/**
 * The item's author is not one the reader blocked: a list from the cache (bound values), or the
 * blocks table asked in the query (a placeholder reader). Undefined when nothing is left out.
 */
export function notBlockedSql(db: Db, reader: SqlReader, author: SqlAuthor): SQL | undefined {
  if (reader.kind === "anonymous") return undefined;
  if (reader.blocked) return notAmongSql(db, reader.blocked, author);
  if ("userId" in author) {
    const row = db
      .select({ one: sql`1` })
      .from(blocks)
      .where(and(eq(blocks.blockerId, reader.userId), eq(blocks.blockedId, author.userId)));
    return notExists(row);
  }
  const row = db
    .select({ one: sql`1` })
    .from(blocks)
    .innerJoin(blockedProfiles, eq(blockedProfiles.userId, blocks.blockedId))
    .where(and(eq(blocks.blockerId, reader.userId), eq(blockedProfiles.id, author.profileId)));
  return notExists(row);
}

/**
 * The item's author is none of `blocked` (accounts: a reader's list from this instance's cache,
 * bound as values). Undefined for an empty list: the query is then the unfiltered one.
 */
export function notAmongSql(
  db: Db,
  blocked: readonly string[],
  author: SqlAuthor,
): SQL | undefined {
  if (blocked.length === 0) return undefined;
  if ("userId" in author) return notInArray(author.userId, [...blocked]);
  const ids = db
    .select({ id: blockedProfiles.id })
    .from(blockedProfiles)
    .where(inArray(blockedProfiles.userId, [...blocked]));
  return notInArray(author.profileId, ids);
}

/**
 * The one rule for content in SQL, as visibility-rules.ts maySee decides it in JS: the author
 * always sees their item; nobody else a withheld one or one by a member they blocked; a hidden
 * one only moderators. Undefined when nothing is filtered (a moderator without blocks).
 */
export function visibleToSql(db: Db, reader: SqlReader, item: SqlItem): SQL | undefined {
  if (reader.kind === "anonymous") return publicSql(item);
  const own = byReader(reader, item.author);
  const conditions: (SQL | undefined)[] = [];
  if (item.blockable !== false) conditions.push(notBlockedSql(db, reader, item.author));
  if (item.withheld) conditions.push(or(notWithheldSql({ withheld: item.withheld }), own));
  if (reader.kind === "member") conditions.push(or(isNull(item.hiddenAt), own));
  return and(...conditions);
}
