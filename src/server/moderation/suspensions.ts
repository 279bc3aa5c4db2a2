import { eq, type SQL, sql } from "drizzle-orm";
import type { SuspensionDuration } from "../../shared/moderation.ts";
import { storedUsername } from "../../shared/profiles.ts";
import { isModerator, revokeAllAccess, suspendedUntilText } from "../auth/index.ts";
import { announceSignedOutEverywhere } from "../chat/index.ts";
import type { ModerationConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { profiles, users } from "../db/schema.ts";
import { announceHiddenChange, forgetAfterCommit, type PostChange } from "./item-announcements.ts";
import { hideEverythingBy } from "./moderated-items.ts";
import { writeLogLine } from "./moderation-log.ts";
import { resolveOpenReports } from "./reports-repository.ts";

const UNTIL: Record<SuspensionDuration, SQL> = {
  day: sql`now() + interval '1 day'`,
  week: sql`now() + interval '7 days'`,
  indefinite: sql`'infinity'::timestamptz`,
};

/** How the log says how long (its lines have no field of their own for it). */
const DURATION_WORDS: Record<SuspensionDuration, string> = {
  day: "for a day",
  week: "for a week",
  indefinite: "until lifted",
};

/** The member a moderator names, with what decides whether they moderate too. */
async function findMember(tx: Db, username: string) {
  const [member] = await tx
    .select({
      userId: users.id,
      username: profiles.username,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.username, storedUsername(username)))
    .limit(1);
  return member ?? null;
}

export type SuspendOutcome =
  | { kind: "suspended"; username: string; until: string }
  | { kind: "no-member" }
  | { kind: "self" }
  | { kind: "moderator" };

export type Suspension = {
  moderatorId: string;
  username: string;
  duration: SuspensionDuration;
  hideContent: boolean;
  reason: string;
};

/**
 * Suspends a member, in one transaction: the suspension, every session and pending link of the
 * account gone, its chat sockets closed on every instance, optionally everything it wrote hidden,
 * the open reports on its items actioned, and one log line. Never oneself or another moderator.
 */
export async function suspendMember(
  db: Db,
  config: Pick<ModerationConfig, "adminEmails">,
  act: Suspension,
): Promise<SuspendOutcome> {
  const done = await db.transaction(async (tx) => {
    const member = await findMember(tx, act.username);
    if (!member) return { outcome: { kind: "no-member" } as const, forget: [] };
    if (member.userId === act.moderatorId)
      return { outcome: { kind: "self" } as const, forget: [] };
    if (isModerator(member, config)) return { outcome: { kind: "moderator" } as const, forget: [] };
    // The account's row first: a sign-in racing this waits for it, or is seen by it
    // (auth start-session.ts), before its sessions go.
    const [row] = await tx
      .update(users)
      .set({ suspendedUntil: UNTIL[act.duration] })
      .where(eq(users.id, member.userId))
      .returning({ until: suspendedUntilText });
    await revokeAllAccess(tx, member.userId);
    await announceSignedOutEverywhere(tx, member.userId);
    const forget = act.hideContent ? await hideAndAnnounce(tx, member.userId) : [];
    await resolveOpenReports(tx, { subjectUserId: member.userId }, "actioned");
    const words = `${DURATION_WORDS[act.duration]}${act.hideContent ? ", everything they wrote hidden" : ""}`;
    await writeLogLine(tx, {
      moderatorId: act.moderatorId,
      action: "suspend",
      target: { type: "member", id: member.username },
      subjectUserId: member.userId,
      reason: act.reason ? `${words}: ${act.reason}` : words,
    });
    const until = row?.until ?? "indefinite";
    return { outcome: { kind: "suspended", username: member.username, until } as const, forget };
  });
  forgetAfterCommit(db, done.forget);
  return done.outcome;
}

/** Hides everything the member wrote and tells every instance: the feed, each post, each message. */
async function hideAndAnnounce(tx: Db, userId: string): Promise<PostChange[]> {
  const hidden = await hideEverythingBy(tx, userId);
  const forget: PostChange[] = [];
  for (const type of ["post", "message"] as const) {
    for (const key of hidden[type]) {
      forget.push(...(await announceHiddenChange(tx, { type, key }, true)));
    }
  }
  return forget;
}

/** Lifts a member's suspension, with its log line; the username, or null when there is no such member. */
export async function liftSuspension(
  db: Db,
  act: { moderatorId: string; username: string; reason: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, act.username);
    if (!member) return null;
    await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, member.userId));
    await writeLogLine(tx, {
      moderatorId: act.moderatorId,
      action: "lift-suspension",
      target: { type: "member", id: member.username },
      subjectUserId: member.userId,
      reason: act.reason,
    });
    return member.username;
  });
}
