import type { Review } from "../../shared/reviews.ts";
import type { ReviewRecord } from "./reviews-repository.ts";

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
  };
}
