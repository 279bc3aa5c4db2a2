import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { NO_SERVICE_DETAILS } from "../../shared/service-details.ts";
import { users } from "../db/schema.ts";

const t = testAppClosedAfterAll();

let counter = 0;
const uniqueName = (prefix = "u") => `${prefix}_${Date.now().toString(36)}${counter++}`;
/** A profile with a new username and no skills or interests. */
const plainProfile = () => ({ username: uniqueName(), skills: [], interests: [] });

const createProfile = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/users",
    payload,
    headers: cookie ? { cookie } : {},
  });

async function identityWithoutProfile(options: { photoUrl?: string } = {}) {
  const user = await createSignedInUser(t.app, { username: uniqueName("id"), withProfile: false });
  await t.database.db
    .update(users)
    .set({ displayName: null, photoUrl: options.photoUrl ?? null })
    .where(eq(users.id, user.userId));
  return user;
}

describe("POST /api/users", () => {
  it("answers 401 when signed out", async () => {
    const res = await createProfile(undefined, plainProfile());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("not-signed-in");
  });

  it("creates the profile: username trimmed and lower-cased, email from the identity, default avatar", async () => {
    const user = await identityWithoutProfile();
    const username = uniqueName("Ada");
    const res = await createProfile(user.cookie, {
      username: `  ${username.toUpperCase()} `,
      skills: ["Plumber", "Tour Guide"],
      interests: ["Personal Chef"],
    });
    expect(res.statusCode).toBe(201);
    const lower = username.toLowerCase();
    expect(res.json()).toEqual({
      user: {
        username: lower,
        email: user.email,
        email_hidden: false,
        show_email: false,
        noindex: false,
        img_url: `/api/avatars/${lower}.svg`,
        bio: "",
        skills: ["Plumber", "Tour Guide"],
        interests: ["Personal Chef"],
        area: null,
        service: NO_SERVICE_DETAILS,
      },
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: user.cookie },
    });
    expect(me.json().profile.username).toBe(lower);
    // The identity takes the username as its display name (used by chat) when it had none.
    expect(me.json().user.displayName).toBe(lower);
    const avatar = await t.app.inject({ method: "GET", url: `/api/avatars/${lower}.svg` });
    expect(avatar.statusCode).toBe(200);
  });

  it("uses the identity's photo (from Google) as img_url when it has one", async () => {
    const user = await identityWithoutProfile({ photoUrl: "https://photos.example/me.jpg" });
    const res = await createProfile(user.cookie, plainProfile());
    expect(res.statusCode).toBe(201);
    expect(res.json().user.img_url).toBe("https://photos.example/me.jpg");
  });

  it("takes skills and interests as optional, and ignores unknown fields such as a forged email", async () => {
    const user = await identityWithoutProfile();
    const res = await createProfile(user.cookie, {
      username: uniqueName(),
      email: "forged@evil.example",
      bio: "injected",
      user_id: "00000000-0000-0000-0000-000000000000",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: user.email,
      bio: "",
      skills: [],
      interests: [],
    });
  });

  it("answers 409 profile-exists when the identity already has a profile", async () => {
    const user = await identityWithoutProfile();
    expect((await createProfile(user.cookie, { username: uniqueName() })).statusCode).toBe(201);
    const again = await createProfile(user.cookie, { username: uniqueName() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("profile-exists");
  });

  it("answers 409 username-taken, in any case, naming the field", async () => {
    const username = uniqueName("taken");
    const first = await identityWithoutProfile();
    expect((await createProfile(first.cookie, { username })).statusCode).toBe(201);
    const second = await identityWithoutProfile();
    const res = await createProfile(second.cookie, { username: username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe("username-taken");
    expect(error.fields.username).toMatch(/already taken/);
    // The loser can still pick another name.
    expect((await createProfile(second.cookie, { username: uniqueName() })).statusCode).toBe(201);
  });

  it("gives one of two simultaneous claims of a username 201 and the other 409, never a 500", async () => {
    const username = uniqueName("race");
    const [a, b] = [await identityWithoutProfile(), await identityWithoutProfile()];
    const answers = await Promise.all([
      createProfile(a.cookie, { username }),
      createProfile(b.cookie, { username }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.code).toBe("username-taken");
  });

  it.each([
    ["empty", ""],
    ["too short", "ab"],
    ["too long", "a".repeat(31)],
    ["with a space", "ada lovelace"],
    ["with punctuation", "ada!"],
    ["with an accent", "adé"],
  ])("refuses a username %s with 400 naming the field", async (_label, username) => {
    const user = await identityWithoutProfile();
    const res = await createProfile(user.cookie, { username });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-input");
    expect(Object.keys(res.json().error.fields)).toEqual(["username"]);
  });

  it("accepts 3 and 30 characters of a-z 0-9 _ -", async () => {
    const three = "a_1";
    const thirty = `${uniqueName("z")}-`.padEnd(30, "9");
    expect([three.length, thirty.length]).toEqual([3, 30]);
    for (const username of [three, thirty]) {
      const user = await identityWithoutProfile();
      const res = await createProfile(user.cookie, { username });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user.username).toBe(username);
    }
  });

  it("refuses a skill not on the skill list with 400 unknown-skill, naming its position", async () => {
    const user = await identityWithoutProfile();
    const res = await createProfile(user.cookie, {
      username: uniqueName(),
      skills: ["Plumber", "Knitting"],
      interests: [],
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error).toMatchObject({
      code: "unknown-skill",
      fields: { "skills.1": "Item 2 is not on the skill list" },
    });
    expect(JSON.stringify(error)).not.toContain("Knitting"); // never echoes input (issue 13 item 4)
    // Nothing was created.
    const me = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: user.cookie },
    });
    expect(me.json().profile).toBeNull();
  });

  it("refuses an interest not on the skill list, and duplicates, with 400", async () => {
    const user = await identityWithoutProfile();
    const bad = await createProfile(user.cookie, {
      username: uniqueName(),
      interests: ["plumbers"],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields["interests.0"]).toBe("Item 1 is not on the skill list");
    const twice = await createProfile(user.cookie, {
      username: uniqueName(),
      skills: ["Plumber", "Plumber"],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields["skills.1"]).toContain("twice");
  });

  it("answers 400, never a 500, for malformed bodies", async () => {
    const user = await identityWithoutProfile();
    for (const payload of [{}, { username: 42 }, { username: "okname", skills: "Plumber" }]) {
      const res = await createProfile(user.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid-input");
    }
  });
});
