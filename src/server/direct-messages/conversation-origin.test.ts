import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import {
  conversationPageResponseSchema,
  conversationsResponseSchema,
} from "../../shared/direct-messages.ts";

/**
 * Issue 34: a conversation remembers the post it started from ("Chat to" on a post), by the
 * recipient, with its title then, and when it started; both members see it.
 */

const t = testAppClosedAfterAll();
const member = () => createSignedInUser(t.app);
let clientIds = 0;

const call = (
  user: TestUser,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function postBy(author: TestUser, title: string): Promise<number> {
  const res = await call(author, "POST", "/api/articles", {
    title,
    topic: "Lessons",
    body: `${title}, on Saturdays.`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { article: { id: number } }).article.id;
}

async function write(from: TestUser, to: TestUser, originPostId?: number) {
  const res = await call(from, "POST", `/api/conversations/with/${to.username}/messages`, {
    text: "Hello",
    clientId: `origin-${++clientIds}`,
    ...(originPostId === undefined ? {} : { origin_post_id: originPostId }),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function listed(viewer: TestUser, other: TestUser) {
  const res = await call(viewer, "GET", "/api/conversations");
  expect(res.statusCode, res.body).toBe(200);
  const { conversations } = conversationsResponseSchema.parse(res.json());
  return conversations.find((c) => c.with.username === other.username);
}

describe("a conversation's origin", () => {
  it("is the recipient's post the first message answered, seen by both, with when it started", async () => {
    const [alice, bob] = [await member(), await member()];
    const postId = await postBy(alice, "Guitar lessons");
    await write(bob, alice, postId);
    for (const [viewer, other] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const summary = await listed(viewer, other);
      expect(summary?.origin_post).toEqual({ id: postId, title: "Guitar lessons" });
      expect(Number.isNaN(Date.parse(summary?.started_at ?? ""))).toBe(false);
    }
    const page = await call(alice, "GET", `/api/conversations/with/${bob.username}`);
    expect(conversationPageResponseSchema.parse(page.json()).conversation?.origin_post?.title).toBe(
      "Guitar lessons",
    );
  });

  it("stays the first post: a later message from another post, or an edited title, changes nothing", async () => {
    const [alice, bob] = [await member(), await member()];
    const first = await postBy(alice, "Piano lessons");
    const second = await postBy(alice, "Singing lessons");
    await write(bob, alice, first);
    await write(bob, alice, second);
    await write(alice, bob, first);
    const edited = await call(alice, "PATCH", `/api/articles/${first}`, { title: "Organ lessons" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listed(bob, alice))?.origin_post).toEqual({ id: first, title: "Piano lessons" });
  });

  it("is none without a post, or for a post that is not the recipient's or is not there", async () => {
    const [alice, bob, carol, dan] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await write(bob, alice);
    expect((await listed(alice, bob))?.origin_post).toBeNull();
    const carols = await postBy(carol, "Carol's bakery");
    await write(bob, carol, carols);
    // Bob's first message to Dan names Carol's post: not Dan's, so not the origin.
    await write(bob, dan, carols);
    expect((await listed(dan, bob))?.origin_post).toBeNull();
    await write(carol, alice, 999_999_999);
    expect((await listed(alice, carol))?.origin_post).toBeNull();
  });

  it("refuses an origin that is not a post id, with the field named", async () => {
    const [alice, bob] = [await member(), await member()];
    const res = await call(bob, "POST", `/api/conversations/with/${alice.username}/messages`, {
      text: "Hello",
      clientId: `origin-${++clientIds}`,
      origin_post_id: "the guitar one",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("origin_post_id");
    expect(await listed(alice, bob)).toBeUndefined();
  });
});
