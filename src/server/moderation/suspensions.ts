import { eq } from "drizzle-orm";
import type { SuspensionDuration } from "../../shared/moderation.ts";
import { storedUsername } from "../../shared/profiles.ts";
import { isModerator, revokeAllAccess, setSuspendedUntil } from "../auth/index.ts";
import { announceSignedOutEverywhere } from "../chat/index.ts";
import type { ModerationConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { profiles } from "../db/tables/profiles.ts";
import { write } from "../write/index.ts";
import { hideEverythingBy } from "./moderated-items.ts";
import { writeLogLine } from "./moderation-log.ts";
import { resolveOpenReports } from "./reports-repository.ts";

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
  const done = await write(db, async (tx): Promise<SuspendOutcome> => {
    const member = await findMember(tx, act.username);
    if (!member) return { kind: "no-member" };
    if (member.userId === act.moderatorId) return { kind: "self" };
    if (isModerator(member, config)) return { kind: "moderator" };
    // The account's row first: a sign-in racing this waits for it, or is seen by it
    // (auth start-session.ts), before its sessions go.
    const until = (await setSuspendedUntil(tx, member.userId, act.duration)) ?? "indefinite";
    await revokeAllAccess(tx, member.userId);
    await announceSignedOutEverywhere(tx, member.userId);
    if (act.hideContent) await hideEverythingBy(tx, member.userId);
    await resolveOpenReports(tx, { subjectUserId: member.userId }, "actioned");
    const words = `${DURATION_WORDS[act.duration]}${act.hideContent ? ", everything they wrote hidden" : ""}`;
    await writeLogLine(tx, {
      moderatorId: act.moderatorId,
      action: "suspend",
      target: { type: "member", id: member.username },
      subjectUserId: member.userId,
      reason: act.reason ? `${words}: ${act.reason}` : words,
    });
    return { kind: "suspended", username: member.username, until };
  });
  return done.value;
}

/** Lifts a member's suspension, with its log line; the username, or null when there is no such member. */
export async function liftSuspension(
  db: Db,
  act: { moderatorId: string; username: string; reason: string },
): Promise<string | null> {
  return write(db, async (tx) => {
    const member = await findMember(tx, act.username);
    if (!member) return null;
    await setSuspendedUntil(tx, member.userId, null);
    await writeLogLine(tx, {
      moderatorId: act.moderatorId,
      action: "lift-suspension",
      target: { type: "member", id: member.username },
      subjectUserId: member.userId,
      reason: act.reason,
    });
    return member.username;
  }).then((done) => done.value);
}
