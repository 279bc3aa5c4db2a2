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

export function presentReview(record: ReviewRecord): Review {
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
  };
}
