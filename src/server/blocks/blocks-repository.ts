import { and, desc, eq } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import type { Db } from "../db/database.ts";
import { blocks } from "../db/tables/blocks.ts";
import { profiles } from "../db/tables/profiles.ts";
import { announceBlocksChanged } from "./blocks-announcements.ts";

/** The accounts (users.id) `blockerId` blocked, in no particular order (blocks-cache.ts keeps them). */
export async function readBlockedUserIds(db: Db, blockerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId));
  return rows.map((row) => row.id);
}

/** Whether `blockerId` blocked `blockedId` (both users.id), read now: for a write's transaction. */
export async function isBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

export type BlockedMember = { username: string; imgUrl: string | null; blockedAt: Date };

/** The members `blockerId` blocked, most recently blocked first. */
export async function listBlockedMembers(db: Db, blockerId: string): Promise<BlockedMember[]> {
  return db
    .select({ username: profiles.username, imgUrl: profiles.imgUrl, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(profiles.username));
}

/** A member as blocking names them: the account behind a username, and whether it is hidden. */
export type BlockTarget = { userId: string; username: string; hidden: boolean };

/** The member named `username` (any letter case), or null. */
export async function findBlockTarget(db: Db, username: string): Promise<BlockTarget | null> {
  const [row] = await db
    .select({ userId: profiles.userId, username: profiles.username, hiddenAt: profiles.hiddenAt })
    .from(profiles)
    .where(eq(profiles.username, storedUsername(username)))
    .limit(1);
  return row ? { userId: row.userId, username: row.username, hidden: row.hiddenAt !== null } : null;
}

/**
 * `blockerId` blocks `blockedId`, in the caller's transaction; blocking again changes nothing.
 * Announces the change (blocks-announcements.ts) only when there was one; answers whether there was.
 */
export async function addBlock(tx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const inserted = await tx
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ id: blocks.blockedId });
  if (inserted.length === 0) return false;
  await announceBlocksChanged(tx, blockerId);
  return true;
}

/**
 * Lifts the block, in the caller's transaction; lifting a block that is not there changes nothing.
 * Announces the change only when there was one; answers whether there was.
 */
export async function removeBlock(tx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const deleted = await tx
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  if (deleted.length === 0) return false;
  await announceBlocksChanged(tx, blockerId);
  return true;
}
