import { and, desc, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ModerationAction, ReportTargetType } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import { moderationLog } from "../db/tables/moderation.ts";
import { profiles } from "../db/tables/profiles.ts";

/** What a log line names: an item by its wire id, or a member by username. */
export type LogTarget = { type: ReportTargetType | "member" | "skill"; id: string };

export type NewLogLine = {
  /** Null: the reports threshold acted on its own. */
  moderatorId: string | null;
  action: ModerationAction;
  target: LogTarget;
  /** The member the action concerned (the item's author, the suspended member). */
  subjectUserId: string | null;
  reason: string;
};

/** Writes one line, in the transaction of the change it records. */
export async function writeLogLine(tx: Db, line: NewLogLine): Promise<void> {
  await tx.insert(moderationLog).values({
    moderatorId: line.moderatorId,
    action: line.action,
    targetType: line.target.type,
    targetId: line.target.id,
    subjectUserId: line.subjectUserId,
    reason: line.reason,
  });
}

/** What a log line names instead of a member who deleted their account (no username has spaces). */
export const DELETED_MEMBER = "deleted member";

/**
 * In `tx`, a deleted account's deletion: the log's lines about the member (a suspension, its lift)
 * stay, as the record of what moderators did, but no longer name them.
 */
export async function forgetMemberInLog(tx: Db, username: string): Promise<void> {
  await tx
    .update(moderationLog)
    .set({ targetId: DELETED_MEMBER })
    .where(and(eq(moderationLog.targetType, "member"), eq(moderationLog.targetId, username)));
}

export type LogLine = {
  id: number;
  moderator: string | null;
  action: ModerationAction;
  target: LogTarget;
  subject: string | null;
  reason: string;
  createdAt: Date;
};

const moderators = alias(profiles, "moderators");
const subjects = alias(profiles, "subjects");

/** Newest first, before the line `before` when given, at most `limit`; usernames as they are now. */
export async function readLog(
  db: Db,
  options: { before: number | undefined; limit: number },
): Promise<LogLine[]> {
  const rows = await db
    .select({
      id: moderationLog.id,
      moderator: moderators.username,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      subject: subjects.username,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .leftJoin(moderators, eq(moderators.userId, moderationLog.moderatorId))
    .leftJoin(subjects, eq(subjects.userId, moderationLog.subjectUserId))
    .where(options.before === undefined ? undefined : lt(moderationLog.id, options.before))
    .orderBy(desc(moderationLog.id))
    .limit(options.limit);
  return rows.map(({ targetType, targetId, action, ...row }) => ({
    ...row,
    action: action as ModerationAction,
    target: { type: targetType as LogTarget["type"], id: targetId },
  }));
}
