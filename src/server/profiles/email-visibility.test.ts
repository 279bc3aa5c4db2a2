import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChat, isAckOf, isFrame } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { profiles } from "../db/schema.ts";

/**
 * Issue 13, item 7: an email reaches only its owner, and other members when the owner opted in;
 * never a signed-out visitor, through any endpoint that answers a profile, review, post or message.
 */

let t: TestApp & { url: string };
beforeAll(async () => {
  const testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = testApp.app.server.address() as AddressInfo;
  t = { ...testApp, url: `http://127.0.0.1:${port}` };
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString("hex");

type Cast = {
  username: string;
  email: string;
  owner: TestUser;
  member: TestUser;
  noProfile: TestUser;
};

const call = (method: "GET" | "POST" | "PUT", url: string, user?: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: user ? { cookie: user.cookie } : {},
  });

const getProfile = (username: string, viewer?: TestUser) =>
  call("GET", `/api/users/username/${username}`, viewer);

const putProfile = (username: string, payload: object, viewer?: TestUser) =>
  call("PUT", `/api/users/${username}`, viewer, payload);

/**
 * A profile owner with a unique email (its choice set through the real route), another member, and
 * a signed-in identity without a profile.
 */
async function cast(showEmail: boolean): Promise<Cast> {
  const username = `owner_${unique()}`;
  const email = `secret-${unique()}@example.test`;
  const owner = await createSignedInUser(t.app, { username, email });
  if (showEmail) {
    expect((await putProfile(username, { show_email: true }, owner)).statusCode).toBe(200);
  }
  const member = await createSignedInUser(t.app);
  const noProfile = await createSignedInUser(t.app, { withProfile: false });
  return { username, email, owner, member, noProfile };
}

const hidden = { email: null, email_hidden: true };

describe("GET /api/users/username/:username", () => {
  it("hides the email of a profile whose owner did not opt in (the default) from everyone but the owner", async () => {
    const c = await cast(false);
    for (const viewer of [undefined, c.noProfile, c.member]) {
      const res = await getProfile(c.username, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(c.email);
      expect(res.json().user).toMatchObject(hidden);
      expect(res.json().user).not.toHaveProperty("show_email");
    }
    const own = (await getProfile(c.username, c.owner)).json().user;
    expect(own).toMatchObject({ email: c.email, email_hidden: false, show_email: false });
  });

  it("shows an opted-in email to signed-in members and the owner, never to signed-out visitors or identities without a profile", async () => {
    const c = await cast(true);
    for (const viewer of [undefined, c.noProfile]) {
      const res = await getProfile(c.username, viewer);
      expect(res.body).not.toContain(c.email);
      expect(res.json().user).toMatchObject(hidden);
    }
    const seen = (await getProfile(c.username, c.member)).json().user;
    expect(seen).toMatchObject({ email: c.email, email_hidden: false });
    expect(seen).not.toHaveProperty("show_email");
    const own = (await getProfile(c.username, c.owner)).json().user;
    expect(own).toMatchObject({ email: c.email, email_hidden: false, show_email: true });
  });

  it("keeps 'no email' (email null, not hidden) distinct from a hidden one, for every viewer", async () => {
    const c = await cast(false);
    await t.database.db
      .update(profiles)
      .set({ email: null })
      .where(eq(profiles.username, c.username));
    for (const viewer of [undefined, c.member, c.owner]) {
      const user = (await getProfile(c.username, viewer)).json().user;
      expect(user).toMatchObject({ email: null, email_hidden: false });
    }
  });

  it("tells caches the answer depends on the viewer", async () => {
    const c = await cast(true);
    const res = await getProfile(c.username);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.vary).toContain("Cookie");
  });
});

describe("PUT /api/users/:username", () => {
  it("lets the owner opt in and out; the answer (to the owner) carries the email and the choice", async () => {
    const c = await cast(false);
    const on = await putProfile(c.username, { show_email: true }, c.owner);
    expect(on.statusCode).toBe(200);
    expect(on.json().user).toMatchObject({ email: c.email, email_hidden: false, show_email: true });
    expect((await getProfile(c.username, c.member)).json().user.email).toBe(c.email);

    // A field left out keeps the choice.
    const bioOnly = await putProfile(c.username, { bio: "Hello" }, c.owner);
    expect(bioOnly.json().user.show_email).toBe(true);

    const off = await putProfile(c.username, { show_email: false }, c.owner);
    expect(off.json().user).toMatchObject({ email: c.email, show_email: false });
    const res = await getProfile(c.username, c.member);
    expect(res.body).not.toContain(c.email);
    expect(res.json().user).toMatchObject(hidden);
  });

  it("refuses another member's attempt to change the choice, without the email in the answer", async () => {
    const c = await cast(false);
    for (const viewer of [c.member, c.noProfile, undefined]) {
      const res = await putProfile(c.username, { show_email: true }, viewer);
      expect([401, 403]).toContain(res.statusCode);
      expect(res.body).not.toContain(c.email);
    }
    expect((await getProfile(c.username, c.member)).json().user).toMatchObject(hidden);
  });

  it("refuses a show_email that is not a boolean", async () => {
    const c = await cast(false);
    const res = await putProfile(c.username, { show_email: "yes" }, c.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-input");
  });
});

describe("the owner's own answers", () => {
  it("POST /api/users answers the new profile with its owner's email, hidden from others by default", async () => {
    const identity = await createSignedInUser(t.app, {
      email: `new-${unique()}@example.test`,
      withProfile: false,
    });
    const username = `new_${unique()}`;
    const res = await call("POST", "/api/users", identity, { username });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: identity.email,
      email_hidden: false,
      show_email: false,
    });
    expect((await getProfile(username)).body).not.toContain(identity.email);
  });

  it("GET /api/me answers the viewer's own email on the identity and the profile", async () => {
    const c = await cast(false);
    const me = (await call("GET", "/api/me", c.owner)).json();
    expect(me.user.email).toBe(c.email);
    expect(me.profile).toMatchObject({ email: c.email, email_hidden: false, show_email: false });
    const other = await call("GET", "/api/me", c.member);
    expect(other.body).not.toContain(c.email);
  });
});

describe("posts, reviews and chat never carry an email", () => {
  it("the feed and a post, as answered to a signed-out visitor and to a member", async () => {
    for (const showEmail of [false, true]) {
      const c = await cast(showEmail);
      const created = await call("POST", "/api/articles", c.owner, {
        title: "Tap repairs",
        topic: "Plumbing",
        body: "Leaks fixed.",
      });
      expect(created.statusCode).toBe(201);
      expect(created.body).not.toContain(c.email);
      const id = created.json().article.id;
      for (const viewer of [undefined, c.member]) {
        for (const url of ["/api/articles", `/api/articles/${id}`]) {
          const res = await call("GET", url, viewer);
          expect(res.statusCode).toBe(200);
          expect(res.body).toContain(c.username);
          expect(res.body).not.toContain(c.email);
        }
      }
    }
  });

  it("reviews by and about the owner, as listed to anyone and as answered to their author", async () => {
    for (const showEmail of [false, true]) {
      const c = await cast(showEmail);
      const about = await call("POST", "/api/reviews", c.member, {
        created_about: c.username,
        title: "Great",
        body: "Quick work",
        rating: 5,
      });
      const by = await call("POST", "/api/reviews", c.owner, {
        created_about: c.member.profile?.username,
        title: "Kind",
        body: "Paid on time",
        rating: 4,
      });
      expect([about.statusCode, by.statusCode]).toEqual([201, 201]);
      expect(about.body + by.body).not.toContain(c.email);
      for (const viewer of [undefined, c.member]) {
        for (const subject of [c.username, c.member.profile?.username ?? ""]) {
          const res = await call("GET", `/api/reviews?created_about=${subject}`, viewer);
          expect(res.statusCode).toBe(200);
          expect(res.body).toContain(c.username);
          expect(res.body).not.toContain(c.email);
        }
      }
    }
  });

  it("chat frames: the sender's ack, the broadcast and a later snapshot", async () => {
    const c = await cast(true);
    const sender = await connectChat(t.url, { cookie: c.owner.cookie });
    const listener = await connectChat(t.url);
    try {
      await listener.waitFor(isFrame("snapshot"));
      const clientId = `mail-${unique()}`;
      sender.send({ type: "send", text: "Anyone need a plumber?", clientId });
      await sender.waitFor(isAckOf(clientId));
      await listener.waitFor((f) => f.type === "message" && f.message.userName === c.username);
      const late = await connectChat(t.url);
      try {
        const snapshot = await late.waitFor(isFrame("snapshot"));
        expect(snapshot.messages.some((m) => m.userName === c.username)).toBe(true);
        const frames = JSON.stringify([sender.frames, listener.frames, late.frames]);
        expect(frames).toContain(c.username);
        expect(frames).not.toContain(c.email);
      } finally {
        await late.close();
      }
    } finally {
      await Promise.all([sender.close(), listener.close()]);
    }
  });
});
