import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { SESSION_ACCOUNT_HEADER } from "../../shared/constants.ts";

const t = testAppClosedAfterAll();

const post = (cookie: string, title: string, intended?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie, ...(intended ? { [SESSION_ACCOUNT_HEADER]: intended } : {}) },
    payload: { title, topic: "Music", body: "Saturday mornings." },
  });

async function titlesOnTheFeed(): Promise<string[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/articles?topic=Music" });
  return res.json().articles.map((post: { title: string }) => post.title);
}

describe("a write says which account it was made for (issue 20)", () => {
  it("is refused with 409 session-changed when the cookie signs in another account, and nothing is written", async () => {
    const [writer, other] = await Promise.all([
      createSignedInUser(t.app),
      createSignedInUser(t.app),
    ]);
    // The other's cookie (another tab switched accounts), the writer's draft.
    const res = await post(other.cookie, `Draft of ${writer.username}`, writer.userId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "session-changed",
      message: expect.stringMatching(/signed in as someone else/),
    });
    expect(await titlesOnTheFeed()).not.toContain(`Draft of ${writer.username}`);
  });

  it("goes through when the cookie is the account's, or when a client does not say", async () => {
    const member = await createSignedInUser(t.app);
    expect((await post(member.cookie, `Said ${member.username}`, member.userId)).statusCode).toBe(
      201,
    );
    expect((await post(member.cookie, `Unsaid ${member.username}`)).statusCode).toBe(201);
    const titles = await titlesOnTheFeed();
    expect(titles).toContain(`Said ${member.username}`);
    expect(titles).toContain(`Unsaid ${member.username}`);
  });

  it("leaves a signed-out cookie to the route (401), and reads alone", async () => {
    const member = await createSignedInUser(t.app);
    const signedOut = await post("", "Nobody's", member.userId);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe("not-signed-in");
    const other = await createSignedInUser(t.app);
    const read = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: other.cookie, [SESSION_ACCOUNT_HEADER]: member.userId },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().user.id).toBe(other.userId);
  });
});
