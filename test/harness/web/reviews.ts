import type { Review } from "../../../src/shared/reviews.ts";

/** A review about grace, as the API answers it, with `changes` applied. */
export function reviewOf(id: number, username: string, changes: Partial<Review> = {}): Review {
  return {
    id,
    username,
    created_about: "grace",
    title: `Review by ${username}`,
    body: "Fine.",
    rating: 4,
    created_at: "2026-01-01T00:00:00.000Z",
    author_img_url: null,
    reply: null,
    contact_backed: false,
    ...changes,
  };
}
