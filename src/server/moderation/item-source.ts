import { desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { ReportTargetType } from "../../shared/moderation.ts";
import { suspendedUntilText } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import type { Hider } from "../visibility/index.ts";
import type { ItemFilter, ItemKind, ItemRecord } from "./item-kind.ts";

/** A table of reportable rows: every one has hidden_at and created_at. */
type ItemTable = PgTable & { hiddenAt: AnyPgColumn; createdAt: AnyPgColumn };

/** What a kind's extra columns read as. */
type Column = AnyPgColumn | SQL<unknown>;
type ValueOf<C> =
  C extends SQL<infer T>
    ? T
    : C extends AnyPgColumn
      ? C["_"]["notNull"] extends true
        ? C["_"]["data"]
        : C["_"]["data"] | null
      : never;
type Values<Columns> = { [Name in keyof Columns]: ValueOf<Columns[Name]> };

/** The columns every kind reads, and the ones it names for `present`. */
type SourceRow<Columns> = {
  key: number | string;
  authorUserId: string;
  authorUsername: string;
  authorSuspendedUntil: string | null;
  text: string;
  createdAt: Date;
  hiddenAt: Date | null;
} & Values<Columns>;

/** What a kind says about one of its items beyond the columns: where it lives, what it is called. */
type Presented = Partial<Pick<ItemRecord, "title" | "wireId" | "privateTo">> & { path: string };

/**
 * One kind of reportable item as data: its table and key, the author's account and username (from
 * the table or the joins that bring the author's profile), its text and what `present` reads, and
 * the owning feature's setter of hidden_at. The read itself is one query, the same for every kind.
 */
export type ItemSource<Columns extends Record<string, Column>> = {
  type: ReportTargetType;
  table: ItemTable;
  /** What reports store: a bigint identity, unless `keyOf` says otherwise (a profile's uuid). */
  key: AnyPgColumn;
  keyOf?: ItemKind["keyOf"];
  /** Newest first among the equally hidden: by `key` unless it is no order (a uuid). */
  newest?: AnyPgColumn;
  author: { userId: AnyPgColumn; username: AnyPgColumn | SQL<string> };
  columns: { text: AnyPgColumn } & Columns;
  /** Joins the tables the author and `columns` come from (the author's account is joined after). */
  join: (query: PgSelect) => PgSelect;
  present(row: SourceRow<Columns>): Presented;
  setHidden: ItemKind["setHidden"];
};

/** Ids of posts, reviews and messages are bigint identities: digits, within JavaScript's range. */
export async function numericKeyOf(_db: Db, wireId: string): Promise<string | null> {
  return /^\d{1,15}$/.test(wireId) ? String(Number(wireId)) : null;
}

/** An owner's setter of items keyed by bigint ids, as a kind's `setHidden` (keys as text). */
export function withTextKeys(setHidden: Hider<number>): ItemKind["setHidden"] {
  return async (tx, selection, hidden) => {
    const numbered = "keys" in selection ? { keys: selection.keys.map(Number) } : selection;
    return (await setHidden(tx, numbered, hidden)).map(String);
  };
}

/** The kind `source` describes: read most recently hidden first, then newest. */
export function itemKind<Columns extends Record<string, Column>>(
  source: ItemSource<Columns>,
): ItemKind {
  const where = (filter: ItemFilter): SQL => {
    if (filter.by === "hidden") return isNotNull(source.table.hiddenAt);
    return inArray(source.key, source.keyOf ? filter.keys : filter.keys.map(Number));
  };
  return {
    keyOf: source.keyOf ?? numericKeyOf,
    async load(db, filter, limit) {
      const query = db
        .select({
          key: source.key,
          authorUserId: source.author.userId,
          authorUsername: source.author.username,
          authorSuspendedUntil: suspendedUntilText,
          createdAt: source.table.createdAt,
          hiddenAt: source.table.hiddenAt,
          ...source.columns,
        })
        .from(source.table)
        .$dynamic();
      const rows = await source
        .join(query)
        .innerJoin(users, eq(users.id, source.author.userId))
        .where(where(filter))
        .orderBy(sql`${source.table.hiddenAt} desc nulls last`, desc(source.newest ?? source.key))
        .limit(limit);
      return (rows as SourceRow<Columns>[]).map((row) => recordOf(source, row));
    },
    setHidden: source.setHidden,
  };
}

function recordOf<Columns extends Record<string, Column>>(
  source: ItemSource<Columns>,
  row: SourceRow<Columns>,
): ItemRecord {
  const key = String(row.key);
  return {
    type: source.type,
    key,
    wireId: key,
    title: null,
    authorUserId: row.authorUserId,
    authorUsername: row.authorUsername,
    authorSuspendedUntil: row.authorSuspendedUntil,
    text: row.text,
    createdAt: row.createdAt,
    hiddenAt: row.hiddenAt,
    ...source.present(row),
  };
}
