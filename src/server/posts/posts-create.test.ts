import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";

let t: TestApp;
let ada: TestUser;
beforeAll(async () => {
  // One author posts many times here; the write limits have their own tests (limits/).
  t = await createTestApp({ writeLimits: liftedWriteLimits() });
  ada = await createSignedInUser(t.app, { username: "ada" });
});
afterAll(() => t.close());

const valid = { title: "Need a plumber", topic: "Plumbing", body: "My sink leaks." };

function post(payload: unknown, cookie: string | null = ada.cookie) {
  return t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });
}

describe("POST /api/articles", () => {
  it("creates a post by the session's profile and answers 201 { article }", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { article } = res.json();
    expect(article).toEqual({
      id: expect.any(Number),
      ...valid,
      username: "ada",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      type: "offering",
      area: null,
    });
    expect(Math.abs(Date.parse(article.created_at) - Date.now())).toBeLessThan(60_000);
    const read = await t.app.inject({ method: "GET", url: `/api/articles/${article.id}` });
    expect(read.json()).toEqual({ article });
    const list = await t.app.inject({ method: "GET", url: "/api/articles?limit=1" });
    expect(list.json().articles).toEqual([article]);
  });

  it("trims the three fields", async () => {
    const res = await post({
      title: "  Garden help \n",
      topic: "\tGardening ",
      body: "  Weeds.  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().article).toMatchObject({
      title: "Garden help",
      topic: "Gardening",
      body: "Weeds.",
    });
  });

  it("keeps line breaks inside the body and stores markup as typed", async () => {
    const body = "Line one\nLine two\n\n<script>alert('x')</script> & <b>bold</b>";
    const res = await post({ ...valid, title: "<img src=x onerror=alert(1)>", body });
    expect(res.statusCode).toBe(201);
    expect(res.json().article.body).toBe(body);
    expect(res.json().article.title).toBe("<img src=x onerror=alert(1)>");
  });

  it("ignores a username (or author, id, created_at) in the payload: the author is the session", async () => {
    await createSignedInUser(t.app, { username: "mallory_victim" });
    const res = await post({
      ...valid,
      username: "mallory_victim",
      author_id: "00000000-0000-0000-0000-000000000000",
      id: 1,
      created_at: "2000-01-01T00:00:00.000Z",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().article.username).toBe("ada");
    expect(res.json().article.id).not.toBe(1);
    expect(res.json().article.created_at.startsWith("2000")).toBe(false);
  });

  it("answers 401 when signed out, even with a bad body, and stores nothing", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/articles?limit=100" })).json();
    const res = await post(valid, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("not-signed-in");
    expect((await post({}, null)).statusCode).toBe(401);
    expect((await post(valid, "ylt_session=forged")).statusCode).toBe(401);
    const after = (await t.app.inject({ method: "GET", url: "/api/articles?limit=100" })).json();
    expect(after.articles).toHaveLength(before.articles.length);
  });

  it("refuses a cross-site request carrying the cookie (forged Origin) and stores nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: {
        cookie: ada.cookie,
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      payload: { ...valid, title: "Forged" },
    });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({ method: "GET", url: "/api/articles?limit=100" });
    expect(list.json().articles.some((a: { title: string }) => a.title === "Forged")).toBe(false);
  });

  it("answers 403 profile-required for a signed-in user without a profile", async () => {
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const res = await post(valid, noProfile.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("profile-required");
  });
});

describe("POST /api/articles validation", () => {
  const allRequired = {
    title: "Title is required.",
    topic: "Topic is required.",
    body: "Body is required.",
  };

  /** Sends `payload` and expects 400 with exactly `fields` as the messages per field. */
  async function expectRefused(payload: unknown, fields: Record<string, string>) {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
    return res;
  }

  it("requires all three fields, with a message per field", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid-input", fields: allRequired });
  });

  it("treats blank (whitespace-only) fields as missing", async () => {
    await expectRefused({ title: "   ", topic: "\n\t", body: " " }, allRequired);
  });

  it("names only the field that is wrong", async () => {
    const res = await expectRefused({ ...valid, topic: "" }, { topic: "Topic is required." });
    expect(res.json().error.message).toMatch(/topic/i);
  });

  it("refuses non-text values", async () => {
    await expectRefused(
      { title: 12, topic: ["a"], body: null },
      { title: "Title must be text.", topic: "Topic must be text.", body: "Body is required." },
    );
  });

  it("accepts the limits exactly (title 120, topic 40, body 5,000) and refuses one more", async () => {
    const atLimit = { title: "t".repeat(120), topic: "p".repeat(40), body: "b".repeat(5000) };
    expect((await post(atLimit)).statusCode).toBe(201);
    await expectRefused(
      { title: "t".repeat(121), topic: "p".repeat(41), body: "b".repeat(5001) },
      {
        title: "Title must be at most 120 characters.",
        topic: "Topic must be at most 40 characters.",
        body: "Body must be at most 5000 characters.",
      },
    );
  });

  it("counts characters, not UTF-16 units: 120 emoji are a valid title", async () => {
    const res = await post({ ...valid, title: "🔧".repeat(120), topic: "é".repeat(40) });
    expect(res.statusCode).toBe(201);
    expect(res.json().article.title).toBe("🔧".repeat(120));
    expect((await post({ ...valid, title: "🔧".repeat(121) })).statusCode).toBe(400);
  });

  it("limits are checked after trimming", async () => {
    const res = await post({ ...valid, title: `   ${"t".repeat(120)}   ` });
    expect(res.statusCode).toBe(201);
  });

  it("refuses a NUL character with 400 rather than a database error", async () => {
    const res = await post({ ...valid, body: "a\u0000b" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.body).toBe("Body must not contain NUL characters.");
  });

  it("answers 400 (not 500) for a body that is not a JSON object", async () => {
    for (const payload of ["not json", "[]", "null", '"text"']) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/articles",
        headers: { cookie: ada.cookie, "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code).toMatch(/invalid-input|bad-request/);
    }
  });
});
