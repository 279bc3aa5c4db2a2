import type { Review, ReviewReply } from "../../shared/reviews.ts";
import type { ReplyRecord, ReviewRecord } from "./reviews-repository.ts";

export function presentReply(record: ReplyRecord): ReviewReply {
  return {
    body: record.body,
    created_at: record.createdAt.toISOString(),
    ...(record.editedAt ? { edited_at: record.editedAt.toISOString() } : {}),
    ...(record.hidden ? { hidden: true } : {}),
  };
}

/**
 * A review on the wire as of `now` (the app's clock): `visible_from` only while it is held, and
 * only its author is ever given a held one (the queries leave it out for everyone else).
 */
export function presentReview(record: ReviewRecord, now: Date): Review {
  const held = record.visibleFrom !== null && record.visibleFrom > now;
  return {
    id: record.id,
    username: record.authorUsername,
    created_about: record.subjectUsername,
    title: record.title,
    body: record.body,
    rating: record.rating,
    created_at: record.createdAt.toISOString(),
    ...(record.hidden ? { hidden: true } : {}),
    author_img_url: record.authorImgUrl,
    ...(record.editedAt ? { edited_at: record.editedAt.toISOString() } : {}),
    reply: record.reply ? presentReply(record.reply) : null,
    contact_backed: record.contactBacked,
    ...(held && record.visibleFrom ? { visible_from: record.visibleFrom.toISOString() } : {}),
  };
}
