import type { Viewer } from "../auth/index.ts";
import type { Blocks } from "../blocks/index.ts";

/**
 * Who reads, as visibility asks (decision 018): their account, whether they moderate, and the
 * accounts they blocked. Null is a signed-out reader. The chat's socket viewer is one of these.
 */
export type Reader = { userId: string; moderator: boolean; blocked: ReadonlySet<string> };

/** What fixes the shape of a read's SQL (its values are bound or placeholders). */
export type ReaderKind = "anonymous" | "member" | "moderator";

/**
 * An item as visibility asks about it: its author's account, whether moderators hid it, and
 * whether it is withheld (written by a member its recipient blocked: only its author sees it).
 */
export type ItemFacts = { authorUserId: string; hidden: boolean; withheld?: boolean };

/** The request's viewer as a reader; their blocks come from this instance's cache (`app.blocks`). */
export async function readerOf(
  blocks: Blocks,
  viewer: Pick<Viewer, "identity" | "moderator"> | null,
): Promise<Reader | null> {
  if (!viewer) return null;
  const blocked = await blocks.of(viewer.identity.id);
  return { userId: viewer.identity.id, moderator: viewer.moderator, blocked: new Set(blocked) };
}

/**
 * The viewer as the hidden rule asks about them (no blocks needed): their account and whether
 * they moderate; null when signed out.
 */
export function viewerAccount(
  viewer: Pick<Viewer, "identity" | "moderator"> | null | undefined,
): Pick<Reader, "userId" | "moderator"> | null {
  return viewer ? { userId: viewer.identity.id, moderator: viewer.moderator } : null;
}

export function readerKind(reader: { moderator: boolean } | null | undefined): ReaderKind {
  if (!reader) return "anonymous";
  return reader.moderator ? "moderator" : "member";
}

/** A hidden item is there for its author (marked hidden) and for moderators; nobody else. */
export function maySeeHidden(
  reader: Pick<Reader, "userId" | "moderator"> | null | undefined,
  authorUserId: string,
): boolean {
  return Boolean(reader && (reader.moderator || reader.userId === authorUserId));
}

/** Whether `reader` blocked the author `authorUserId` (never themselves). */
export function blockedAuthor(reader: Reader | null | undefined, authorUserId: string): boolean {
  return Boolean(reader && reader.userId !== authorUserId && reader.blocked.has(authorUserId));
}

/**
 * The one rule for content (posts, reviews, replies, chat messages): its author always sees it;
 * nobody else a withheld item or one by a member they blocked; a hidden one only moderators.
 * SQL reads apply the same rule through visibility-sql.ts.
 */
export function maySee(reader: Reader | null | undefined, item: ItemFacts): boolean {
  if (reader && reader.userId === item.authorUserId) return true;
  if (item.withheld || blockedAuthor(reader, item.authorUserId)) return false;
  return !item.hidden || Boolean(reader?.moderator);
}

/**
 * A profile is hidden like any item, but blocking its owner marks it (`blocked: true`) rather than
 * taking it away: the blocker must find it to lift the block.
 */
export function maySeeProfile(
  reader: Pick<Reader, "userId" | "moderator"> | null | undefined,
  profile: { userId: string; hidden: boolean },
): boolean {
  return !profile.hidden || maySeeHidden(reader, profile.userId);
}
