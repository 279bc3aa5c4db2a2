import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Review } from "../../src/shared/reviews.ts";
import type { TestUser } from "./factories.ts";

/** The headers of a request as `user` (none: signed out). */
export const as = (user?: TestUser) => (user ? { cookie: user.cookie } : {});

/** The username of a member with a profile. */
export const nameOf = (user: TestUser) => user.profile?.username ?? "";

/** Writing and listing reviews over HTTP on the app `t` holds (a test file's app). */
export function reviewCalls(t: { readonly app: FastifyInstance }) {
  const postReview = (author: TestUser, about: TestUser, rating = 5) =>
    t.app.inject({
      method: "POST",
      url: "/api/reviews",
      headers: as(author),
      payload: { created_about: nameOf(about), title: "Good", body: "Would hire again", rating },
    });
  return {
    postReview,
    /** A review by `author` about `about`, answered 201. */
    async review(author: TestUser, about: TestUser, rating = 5): Promise<Review> {
      const res = await postReview(author, about, rating);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().review;
    },
    /** The reviews about `about` as `reader` sees them (GET /api/reviews?created_about=). */
    async listed(about: TestUser, reader?: TestUser): Promise<Review[]> {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/reviews?created_about=${nameOf(about)}`,
        headers: as(reader),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reviews;
    },
  };
}
