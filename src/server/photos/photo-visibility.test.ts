import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  createModerator,
  moderationCall,
  moderationTestApp,
  report,
} from "../../../test/harness/moderators.ts";
import { photo } from "../../../test/harness/photo-fixtures.ts";
import { users } from "../db/schema.ts";

/**
 * Issue 28, item 11: a hidden profile's photo was still served to everyone, with a one-year
 * immutable cache. Serving now asks whether the owner's profile may be seen, and caches keep a
 * photo five minutes before they ask again (photo-serving.ts says why).
 */

const t = moderationTestApp();
let moderator: TestUser;
beforeAll(async () => {
  moderator = await createModerator(t.app);
});

const as = (user?: TestUser) => (user ? { cookie: user.cookie } : {});
const get = (url: string, reader?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { ...as(reader), ...headers } });

/** A member with an uploaded photo, and its two URLs. */
async function memberWithPhoto() {
  const owner = await createSignedInUser(t.app);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/users/${owner.username}/photo`,
    payload: await photo("jpeg", 320, 240),
    headers: { "content-type": "image/jpeg", ...as(owner) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const large: string = res.json().img_url;
  return { owner, urls: [large, large.replace(/large\.webp$/, "small.webp")] };
}

/** A moderator hides (after a member reports it: moderators act only on what is reported) or restores. */
async function moderate(username: string, action: "hide" | "restore") {
  if (action === "hide") {
    const reporter = await createSignedInUser(t.app);
    const reported = await report(t.app, reporter, { type: "profile", id: username });
    expect(reported.statusCode, reported.body).toBe(201);
  }
  return moderationCall(t.app, moderator, {
    method: "POST",
    url: `/items/profile/${username}/${action}`,
  });
}

describe("the photo of a hidden profile", () => {
  it("answers 404 (kept by no cache) to visitors and other members, and is served again once restored", async () => {
    const { owner, urls } = await memberWithPhoto();
    const member = await createSignedInUser(t.app);
    expect((await moderate(owner.username, "hide")).statusCode).toBe(200);
    for (const url of urls) {
      for (const reader of [undefined, member]) {
        const res = await get(url, reader);
        expect(res.statusCode).toBe(404);
        expect(res.headers["cache-control"]).toBe("no-store");
      }
    }
    expect((await moderate(owner.username, "restore")).statusCode).toBe(200);
    for (const url of urls) expect((await get(url)).statusCode).toBe(200);
  });

  it("is still shown to its owner and moderators, privately (no cache keeps it)", async () => {
    const { owner, urls } = await memberWithPhoto();
    expect((await moderate(owner.username, "hide")).statusCode).toBe(200);
    for (const reader of [owner, moderator]) {
      const res = await get(urls[0] ?? "", reader);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });
});

describe("the photo of a deleted account", () => {
  it("answers 404", async () => {
    const { owner, urls } = await memberWithPhoto();
    await t.database.db.delete(users).where(eq(users.id, owner.userId));
    for (const url of urls) expect((await get(url)).statusCode).toBe(404);
  });
});

describe("how long caches keep a photo", () => {
  it("five minutes, then they ask again with its ETag and get a 304 while it may be shown", async () => {
    const { owner, urls } = await memberWithPhoto();
    const first = await get(urls[0] ?? "");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f-]{36}-large"$/);

    const again = await get(urls[0] ?? "", undefined, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    // Once hidden, the same question gets no 304: the copy a cache kept goes too.
    expect((await moderate(owner.username, "hide")).statusCode).toBe(200);
    const hidden = await get(urls[0] ?? "", undefined, { "if-none-match": etag });
    expect(hidden.statusCode).toBe(404);
  });
});
