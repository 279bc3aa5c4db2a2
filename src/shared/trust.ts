import { z } from "zod";

/**
 * How a member answers direct messages (issue 32, decision 028), in coarse buckets only: never a
 * time of anyone's activity. Computed from the conversations other members started with them in
 * the last RESPONSIVENESS_WINDOW_DAYS days.
 */
export const RESPONSIVENESS_WINDOW_DAYS = 90;
/** An unanswered conversation counts only once it is this old (a grace period, as Trustroots). */
export const RESPONSIVENESS_GRACE_DAYS = 3;
/** Nothing is said about a member with fewer counted conversations than this. */
export const RESPONSIVENESS_MIN_CONVERSATIONS = 3;
/** "Replies to most messages": at least this share of the counted conversations was answered. */
export const RESPONSIVENESS_MOST_SHARE = 0.75;

/** The median first reply, at most: 6 hours, a day, three days (longer says nothing). */
export const REPLY_TIME_BUCKETS = [
  { bucket: "hours", maxHours: 6 },
  { bucket: "day", maxHours: 24 },
  { bucket: "days", maxHours: 72 },
] as const;
export type ReplyTimeBucket = (typeof REPLY_TIME_BUCKETS)[number]["bucket"];

export const responsivenessSchema = z.object({
  /** How soon they usually reply; null when slower than a few days or too few answers to say. */
  reply_time: z.enum(["hours", "day", "days"]).nullable(),
  /** They answered most of the conversations others started with them. */
  replies_to_most: z.boolean(),
});
export type Responsiveness = z.infer<typeof responsivenessSchema>;

/** What a profile and a post's author line say of a reply-time bucket. */
export const REPLY_TIME_TEXTS: Record<ReplyTimeBucket, string> = {
  hours: "Usually replies within a few hours",
  day: "Usually replies within a day",
  days: "Usually replies within a few days",
};
export const REPLIES_TO_MOST_TEXT = "Replies to most messages";

/** The badge on a review whose author and subject had both written in a conversation before it. */
export const CONTACT_BACKED_TEXT = "Met through a conversation";

/**
 * The line under a profile's rating: "12 reviews, 9 after a conversation"; just the count when none
 * was backed by a conversation.
 */
export function reviewCountText(count: number, contactBacked: number): string {
  const reviews = `${count} ${count === 1 ? "review" : "reviews"}`;
  return contactBacked > 0 ? `${reviews}, ${contactBacked} after a conversation` : reviews;
}

/**
 * The coarse summary of counted conversations (`counted`: answered ones plus unanswered ones past
 * the grace period), `answered` of them, whose median first reply took `medianReplySeconds`; null
 * when there are too few to say anything.
 */
export function responsivenessFrom({
  counted,
  answered,
  medianReplySeconds,
}: {
  counted: number;
  answered: number;
  medianReplySeconds: number | null;
}): Responsiveness | null {
  if (counted < RESPONSIVENESS_MIN_CONVERSATIONS) return null;
  const enoughAnswers = answered >= RESPONSIVENESS_MIN_CONVERSATIONS && medianReplySeconds !== null;
  const hours = enoughAnswers ? medianReplySeconds / 3600 : Number.POSITIVE_INFINITY;
  const bucket = REPLY_TIME_BUCKETS.find((b) => hours <= b.maxHours)?.bucket ?? null;
  return { reply_time: bucket, replies_to_most: answered / counted >= RESPONSIVENESS_MOST_SHARE };
}
