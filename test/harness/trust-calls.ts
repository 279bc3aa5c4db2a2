import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { ProfileDetail } from "../../src/shared/profiles.ts";
import type { Review } from "../../src/shared/reviews.ts";
import type { TestUser } from "./factories.ts";
import { as } from "./review-calls.ts";

let clientIds = 0;

/**
 * Issue 32's calls over HTTP on the app `t` holds: direct messages (the contact behind a review and
 * the replies behind responsiveness), reviews and the profile page.
 */
export function trustCalls(t: { readonly app: FastifyInstance }) {
  return {
    /** `from` writes `to` a direct message (answered 201). */
    async message(from: TestUser, to: TestUser, text = "Hello there"): Promise<void> {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/conversations/with/${to.username}/messages`,
        headers: as(from),
        payload: { text, clientId: `trust-${++clientIds}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    },
    /** `author`'s review of `about`, answered 201. */
    async review(author: TestUser, about: TestUser, rating = 5): Promise<Review> {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/reviews",
        headers: as(author),
        payload: { created_about: about.username, title: "Good", body: "Would hire again", rating },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().review;
    },
    /** The reviews about `about` as `reader` sees them, with the query's extra `query`. */
    async reviewsAbout(about: TestUser, reader?: TestUser, query = ""): Promise<Review[]> {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/reviews?created_about=${about.username}${query}`,
        headers: as(reader),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reviews;
    },
    /** `member`'s profile page as `reader` sees it. */
    async profile(member: TestUser, reader?: TestUser): Promise<ProfileDetail> {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/users/username/${member.username}`,
        headers: as(reader),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user;
    },
  };
}
