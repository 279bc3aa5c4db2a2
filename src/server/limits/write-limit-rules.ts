export const WRITE_ACTIONS = [
  "post",
  "review",
  "profile-edit",
  "chat",
  "report",
  "conversation",
  "direct-message",
  "edit",
  "photo",
] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];

/**
 * At most `max` writes of one kind per account within `windowSeconds`, and `newAccountMax` for an
 * account younger than `newAccountSeconds` (NEW_ACCOUNT_HOURS; 0: no account is new): throw-away
 * accounts are where floods come from.
 */
export type WriteLimitRule = {
  max: number;
  newAccountMax: number;
  windowSeconds: number;
  /** Absent: DEFAULT_NEW_ACCOUNT_HOURS (tests' own rules); config sets it from NEW_ACCOUNT_HOURS. */
  newAccountSeconds?: number;
};
export type WriteLimits = Record<WriteAction, WriteLimitRule>;

/** Until this age an account is new (issue 32: NEW_ACCOUNT_HOURS), unless set otherwise. */
export const DEFAULT_NEW_ACCOUNT_HOURS = 24;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Far above what a person writes in a window, far below a script: an hour of posts is a busy day's
 * worth, and a profile is saved a few times while it is written. Chat counts per minute, as a
 * conversation does. Reports (issue 16): more than a member meets abuse in an hour, few from a
 * fresh account, so throw-away accounts cannot flood the moderators' queue. Direct messages
 * (issue 17): new conversations per day are what a spammer needs many of (few from a fresh
 * account); the messages themselves count per minute, as the room does. Edits (issue 19: changing,
 * closing or deleting a post, a review or a reply, one count for all) are many more than new posts,
 * since a post is corrected a few times, but bounded, since an edit can turn a post into spam. A
 * photo is chosen a few times, each an image to decode.
 */
export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  post: { max: 10, newAccountMax: 3, windowSeconds: HOUR },
  review: { max: 10, newAccountMax: 3, windowSeconds: HOUR },
  "profile-edit": { max: 30, newAccountMax: 10, windowSeconds: HOUR },
  chat: { max: 30, newAccountMax: 10, windowSeconds: MINUTE },
  report: { max: 20, newAccountMax: 5, windowSeconds: HOUR },
  conversation: { max: 20, newAccountMax: 3, windowSeconds: DAY },
  "direct-message": { max: 30, newAccountMax: 10, windowSeconds: MINUTE },
  edit: { max: 60, newAccountMax: 20, windowSeconds: HOUR },
  photo: { max: 10, newAccountMax: 5, windowSeconds: HOUR },
};

/** The settings that change the limits (README, Configuration). */
export const WRITE_LIMIT_ENV: Record<WriteAction, { max: string; newAccountMax: string }> = {
  post: {
    max: "WRITE_LIMIT_POSTS_PER_HOUR",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_POSTS_PER_HOUR",
  },
  review: {
    max: "WRITE_LIMIT_REVIEWS_PER_HOUR",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_REVIEWS_PER_HOUR",
  },
  "profile-edit": {
    max: "WRITE_LIMIT_PROFILE_EDITS_PER_HOUR",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_PROFILE_EDITS_PER_HOUR",
  },
  chat: {
    max: "WRITE_LIMIT_CHAT_MESSAGES_PER_MINUTE",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_CHAT_MESSAGES_PER_MINUTE",
  },
  report: {
    max: "WRITE_LIMIT_REPORTS_PER_HOUR",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_REPORTS_PER_HOUR",
  },
  conversation: {
    max: "WRITE_LIMIT_CONVERSATIONS_PER_DAY",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY",
  },
  "direct-message": {
    max: "WRITE_LIMIT_DIRECT_MESSAGES_PER_MINUTE",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_DIRECT_MESSAGES_PER_MINUTE",
  },
  edit: {
    max: "WRITE_LIMIT_EDITS_PER_HOUR",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_EDITS_PER_HOUR",
  },
  photo: {
    max: "WRITE_LIMIT_PHOTOS_PER_HOUR",
    newAccountMax: "WRITE_LIMIT_NEW_ACCOUNT_PHOTOS_PER_HOUR",
  },
};

/**
 * The limits from an environment whose settings (WRITE_LIMIT_ENV, NEW_ACCOUNT_HOURS) config.ts
 * parsed into numbers.
 */
export function writeLimitsFrom(env: Record<string, unknown>): WriteLimits {
  const read = (name: string, fallback: number) =>
    typeof env[name] === "number" ? (env[name] as number) : fallback;
  const newAccountSeconds = read("NEW_ACCOUNT_HOURS", DEFAULT_NEW_ACCOUNT_HOURS) * 60 * 60;
  const limits = {} as WriteLimits;
  for (const action of WRITE_ACTIONS) {
    const names = WRITE_LIMIT_ENV[action];
    const defaults = DEFAULT_WRITE_LIMITS[action];
    limits[action] = {
      max: read(names.max, defaults.max),
      newAccountMax: read(names.newAccountMax, defaults.newAccountMax),
      windowSeconds: defaults.windowSeconds,
      newAccountSeconds,
    };
  }
  return limits;
}

/**
 * Every limit set to `value`, as environment settings: for load tests, fault tests and benchmarks
 * that write far faster than a person (the limits themselves have their own tests).
 */
export function liftedWriteLimitEnv(value = 1_000_000): Record<string, string> {
  return Object.fromEntries(
    WRITE_ACTIONS.flatMap((action) => [
      [WRITE_LIMIT_ENV[action].max, String(value)],
      [WRITE_LIMIT_ENV[action].newAccountMax, String(value)],
    ]),
  );
}

/** Every limit set to `value`, for in-process tests (createTestApp({ writeLimits })). */
export function liftedWriteLimits(value = 1_000_000): WriteLimits {
  return writeLimitsFrom(
    Object.fromEntries(Object.entries(liftedWriteLimitEnv(value)).map(([k, v]) => [k, Number(v)])),
  );
}
