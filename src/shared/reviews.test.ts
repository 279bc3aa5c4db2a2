import { describe, expect, it } from "vitest";
import { averageRating, createReviewBodySchema } from "./reviews.ts";

describe("averageRating", () => {
  it("is null without ratings", () => {
    expect(averageRating(0, 0)).toBeNull();
  });

  it("rounds to one decimal", () => {
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(5, 1)).toBe(5);
  });
});

describe("createReviewBodySchema", () => {
  const valid = { created_about: "ada", title: "Title", body: "Body" };

  it("defaults the rating to 5 and drops a username", () => {
    const parsed = createReviewBodySchema.parse({ ...valid, username: "mallory" });
    expect(parsed).toEqual({ ...valid, rating: 5 });
  });

  it.each([1, 2, 3, 4, 5])("accepts the rating %i", (rating) => {
    expect(createReviewBodySchema.parse({ ...valid, rating }).rating).toBe(rating);
  });

  it.each([0, 6, 2.5, "5", null, -1, Number.NaN])("refuses the rating %s", (rating) => {
    expect(createReviewBodySchema.safeParse({ ...valid, rating }).success).toBe(false);
  });

  it("trims the title and body and requires them", () => {
    expect(createReviewBodySchema.parse({ ...valid, title: "  Hi  " }).title).toBe("Hi");
    expect(createReviewBodySchema.safeParse({ ...valid, title: "  " }).success).toBe(false);
    expect(createReviewBodySchema.safeParse({ ...valid, body: "" }).success).toBe(false);
  });
});
