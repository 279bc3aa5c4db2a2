import type { ReportTargetType } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import type { Hider } from "../visibility/index.ts";

/** One earlier message of a reported direct message's conversation, as moderators read it. */
export type ContextLine = { sender: string; text: string };

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
  /**
   * A private item (a direct message): the members besides its author who may read it — none while
   * it is withheld. Absent: everyone may.
   */
  privateTo?: string[];
  /** A direct message's earlier messages, oldest first (moderatedItemSchema `context`). */
  context?: ContextLine[];
};

/** Which rows of a kind's table to read: built by the kind, so callers never name its columns. */
export type ItemFilter = { by: "keys"; keys: string[] } | { by: "hidden" };

/**
 * One kind of item: how to read it with its author and where it lives, and how to hide or restore
 * items of it (through the feature that owns them). `load` answers most recently hidden first, then
 * newest.
 */
export type ItemKind = {
  /** The key of the item the wire names `wireId`, or null when no item can have that name. */
  keyOf(db: Db, wireId: string): Promise<string | null>;
  load(db: Db, filter: ItemFilter, limit: number): Promise<ItemRecord[]>;
  /** Hides (false: restores) the items not already so, through their owner; answers their keys. */
  setHidden: Hider<string>;
};
