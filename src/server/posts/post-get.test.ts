import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { seedPosts } from "../../../test/harness/post-fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";

let t: TestApp;
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  const author = await createSignedInUser(t.app, { username: "grace" });
  [id = 0] = await seedPosts(t.database.db, author.profile?.id ?? "", 1);
});
afterAll(() => t.close());

describe("GET /api/articles/:article_id", () => {
  it("answers { article } to anyone", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/articles/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      article: {
        id,
        title: "Post 0",
        topic: "General",
        body: "Body of post 0",
        username: "grace",
        created_at: expect.any(String),
        expires_at: expect.any(String),
        type: "offering",
        area: null,
      },
    });
  });

  it("answers 404 in the error shape for a well-formed unknown id", async () => {
    for (const unknown of [id + 1000, 999_999_999_999_999]) {
      const res = await t.app.inject({ method: "GET", url: `/api/articles/${unknown}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: "not-found",
          message: "This post does not exist. It may have been removed.",
        },
      });
    }
  });

  it.each([
    "abc",
    "0",
    "-1",
    "1.5",
    "1e3",
    "01",
    "%20",
    "12345678901234567890",
    "1%27%20or%20%271%27=%271",
  ])("answers 400 for the malformed id %s", async (malformed) => {
    const res = await t.app.inject({ method: "GET", url: `/api/articles/${malformed}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { article_id: "must be a positive whole number" },
    });
  });
});
