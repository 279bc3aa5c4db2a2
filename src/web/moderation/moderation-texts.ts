import type {
  LogEntry,
  ModeratedItem,
  ModerationAction,
  ReportTargetType,
} from "../../shared/moderation.ts";

/** What the queue calls each kind of item. */
export const ITEM_TYPE_LABELS: Record<ReportTargetType, string> = {
  post: "Post",
  review: "Review",
  "review-reply": "Reply to a review",
  profile: "Profile",
  message: "Chat message",
  "direct-message": "Direct message",
};

/** A log line's subject when the reports threshold acted alone. */
export const AUTOMATIC_ACTOR = "Reports threshold";

const VERBS: Record<ModerationAction, string> = {
  dismiss: "dismissed the reports on",
  hide: "hid",
  restore: "restored",
  "auto-hide": "hid",
  suspend: "suspended",
  "lift-suspension": "lifted the suspension of",
  "add-skill": "added skill",
  "rename-skill": "renamed skill",
  "edit-skill-synonyms": "changed the synonyms of skill",
  "retire-skill": "retired skill",
  "restore-skill": "offered again skill",
};

const TARGET_NAMES: Record<LogEntry["target"]["type"], string> = {
  post: "post",
  review: "review",
  "review-reply": "reply to review",
  profile: "profile",
  message: "chat message",
  "direct-message": "direct message",
  member: "",
  skill: "",
};

/** Where a log line's target lives in the app, when the line names enough to get there. */
function targetPath({ type, id }: LogEntry["target"]): string | null {
  switch (type) {
    case "post":
      return `/articles/${encodeURIComponent(id)}`;
    case "profile":
    case "member":
      return `/user/${encodeURIComponent(id)}`;
    case "message":
    case "direct-message":
      return "/chatapp";
    case "skill":
      return "/moderation/skills";
    case "review":
    case "review-reply":
      return null;
  }
}

export type LogLine = {
  who: string;
  verb: string;
  target: string;
  path: string | null;
  reason: string;
};

/** A log entry in words: "ana hid post 42 — spam"; "Reports threshold hid review 7". */
export function describeLogEntry(entry: LogEntry): LogLine {
  const name = TARGET_NAMES[entry.target.type];
  return {
    who: entry.moderator ?? AUTOMATIC_ACTOR,
    verb: VERBS[entry.action],
    target: name ? `${name} ${entry.target.id}` : entry.target.id,
    path: targetPath(entry.target),
    reason: entry.reason,
  };
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** An author's suspension as the queue shows it; null when not suspended. */
export function suspensionText(
  author: Pick<ModeratedItem["author"], "suspended_until">,
): string | null {
  const until = author.suspended_until;
  if (!until) return null;
  return until === "indefinite" ? "Suspended until lifted" : `Suspended until ${formatWhen(until)}`;
}

/** "Reported by 1 member", "Reported by 3 members". */
export function reportedByText(count: number): string {
  return `Reported by ${count} ${count === 1 ? "member" : "members"}`;
}
