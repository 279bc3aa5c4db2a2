/**
 * SPEC's seven skills, offered both as skills and as interests (SPEC §3), in SPEC's order: the skill
 * list's seed (migration 0015). Since issue 33 the list members choose from is the skills table
 * (GET /api/skills), which moderators grow; this stays SPEC's default.
 */
export const SKILL_OPTIONS = [
  "Website Developer",
  "Graphic Designer",
  "Math Teacher",
  "Fashion Designer",
  "Tour Guide",
  "Plumber",
  "Personal Chef",
] as const;

export type SkillOption = (typeof SKILL_OPTIONS)[number];

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;

/** Chat shows the latest 100 messages (SPEC §9). */
export const CHAT_HISTORY_LIMIT = 100;

/** Local storage key holding the signed-in user's username as a JSON string (SPEC §3). */
export const LOCAL_USER_KEY = "user";

/**
 * The request header a web tab sends with every write: the id of the account it shows (issue 20).
 * The server refuses the write (409 session-changed) when the session cookie is another account's,
 * so a draft written as one member is never sent as another after a tab elsewhere switched.
 */
export const SESSION_ACCOUNT_HEADER = "x-session-account";

/** Ids of posts, reviews and messages: positive whole numbers, within JavaScript's safe integers. */
export const ROW_ID_PATTERN = /^[1-9][0-9]{0,14}$/;
