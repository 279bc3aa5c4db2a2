import type { WriteAction } from "./write-limit-rules.ts";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "the last hour", "the last minute", "the last 15 minutes". */
function windowText(windowSeconds: number): string {
  if (windowSeconds === 3600) return "the last hour";
  if (windowSeconds === 60) return "the last minute";
  if (windowSeconds === 86400) return "the last day";
  if (windowSeconds % 3600 === 0) return `the last ${plural(windowSeconds / 3600, "hour")}`;
  return `the last ${plural(Math.ceil(windowSeconds / 60), "minute")}`;
}

/** "5 hours", "23 minutes", "1 minute", "40 seconds": rounded up, never "0". */
export function waitText(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  // A day's window (new conversations) can leave hours to wait: minutes by the hundred say little.
  if (seconds > 2 * 3600) return plural(Math.ceil(seconds / 3600), "hour");
  return plural(Math.ceil(seconds / 60), "minute");
}

const DONE: Record<WriteAction, (used: number) => string> = {
  post: (used) => `You have added ${plural(used, "post")}`,
  review: (used) => `You have written ${plural(used, "review")}`,
  "profile-edit": (used) => `You have saved your profile ${plural(used, "time")}`,
  chat: (used) => `You have sent ${plural(used, "message")}`,
  report: (used) => `You have sent ${plural(used, "report")}`,
  conversation: (used) => `You have started ${plural(used, "conversation")}`,
  "direct-message": (used) => `You have sent ${plural(used, "direct message")}`,
  edit: (used) => `You have made ${plural(used, "edit")}`,
  photo: (used) => `You have uploaded ${plural(used, "photo")}`,
};

const AGAIN: Record<WriteAction, string> = {
  post: "You can post again",
  review: "You can write another review",
  "profile-edit": "You can save it again",
  chat: "You can send again",
  report: "You can report again",
  conversation: "You can start another",
  "direct-message": "You can send again",
  edit: "You can edit again",
  photo: "You can upload another",
};

/**
 * What a refused write tells the person, e.g. "You have added 10 posts in the last hour. You can
 * post again in 23 minutes."
 */
export function writeLimitMessage(refusal: {
  action: WriteAction;
  used: number;
  windowSeconds: number;
  retryAfterSeconds: number;
  newAccount: boolean;
}): string {
  const { action, used, windowSeconds, retryAfterSeconds, newAccount } = refusal;
  const text = `${DONE[action](used)} in ${windowText(windowSeconds)}. ${AGAIN[action]} in ${waitText(retryAfterSeconds)}.`;
  return newAccount ? `${text} New accounts have lower limits on their first day.` : text;
}
