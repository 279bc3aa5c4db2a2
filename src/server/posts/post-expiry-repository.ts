import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { POST_REMINDER_DAYS_BEFORE, type PostType } from "../../shared/posts.ts";
import type { Db } from "../db/database.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { daysAfter } from "./post-expiry-time.ts";

/** A post whose author is asked "Still offering …?" (issue 32). */
export type PostDueReminder = {
  id: number;
  title: string;
  kind: PostType;
  expiresAt: Date;
  /** When the job claimed it: the mail's links are made for this reminder only. */
  remindedAt: Date;
  authorUserId: string;
};

/**
 * In `tx`: marks up to `limit` open, visible posts that expire within POST_REMINDER_DAYS_BEFORE days
 * of `now` (and not before it) as reminded at `now`, and returns them. Rows another instance is
 * claiming are skipped (SKIP LOCKED), so each post is reminded once wherever the job runs.
 */
export async function claimExpiryReminders(
  tx: Db,
  now: Date,
  limit: number,
): Promise<PostDueReminder[]> {
  const horizon = daysAfter(now, POST_REMINDER_DAYS_BEFORE);
  const due = tx
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        isNull(posts.expiryRemindedAt),
        isNull(posts.filledAt),
        isNull(posts.hiddenAt),
        lte(posts.expiresAt, horizon),
        gt(posts.expiresAt, now),
      ),
    )
    .orderBy(posts.expiresAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await tx
    .update(posts)
    .set({ expiryRemindedAt: now })
    .where(inArray(posts.id, due))
    .returning({
      id: posts.id,
      title: posts.title,
      kind: sql<PostType>`${posts.kind}`,
      expiresAt: posts.expiresAt,
      authorUserId: sql<string>`(select ${profiles.userId} from ${profiles} where ${profiles.id} = ${posts.authorId})`,
    });
  return rows.map((row) => ({ ...row, remindedAt: now }));
}

/** A post as a reminder's link acts on it: its author (to write as them) and which reminder it had. */
export type PostOfLink = {
  id: number;
  title: string;
  expiresAt: Date;
  kind: PostType;
  author: { id: string; username: string };
  remindedAt: Date | null;
};

/** The post `id` for a mail's link, locked for the link's write in `tx`; null when it is gone. */
export async function postOfLink(tx: Db, id: number): Promise<PostOfLink | null> {
  const rows = await tx
    .select({
      id: posts.id,
      title: posts.title,
      expiresAt: posts.expiresAt,
      kind: sql<PostType>`${posts.kind}`,
      authorId: posts.authorId,
      username: posts.authorUsername,
      remindedAt: posts.expiryRemindedAt,
    })
    .from(posts)
    .where(eq(posts.id, id))
    .for("update");
  const [row] = rows;
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    expiresAt: row.expiresAt,
    kind: row.kind,
    author: { id: row.authorId, username: row.username },
    remindedAt: row.remindedAt,
  };
}
