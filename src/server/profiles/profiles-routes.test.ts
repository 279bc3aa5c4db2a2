import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { NO_SERVICE_DETAILS } from "../../shared/service-details.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = (username: string) =>
  t.app.inject({ method: "GET", url: `/api/users/username/${encodeURIComponent(username)}` });

const putProfile = (username: string, payload: unknown, user?: TestUser) =>
  t.app.inject({
    method: "PUT",
    url: `/api/users/${encodeURIComponent(username)}`,
    payload: payload as object,
    headers: user ? { cookie: user.cookie } : {},
  });

const review = (author: TestUser, about: string, rating: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/reviews",
    headers: { cookie: author.cookie },
    payload: { created_about: about, title: "Good", body: "Would hire again", rating },
  });

describe("GET /api/users/username/:username", () => {
  it("answers the public profile with exactly the public keys, nothing of the identity (and, signed out, no email)", async () => {
    await createSignedInUser(t.app, { username: "grace", skills: ["Plumber"] });
    const res = await getProfile("grace");
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(Object.keys(res.json())).toEqual(["user"]);
    expect(Object.keys(user).sort()).toEqual(
      [
        "area",
        "average_rating",
        "bio",
        "contact_backed_count",
        "email",
        "email_hidden",
        "img_url",
        "interests",
        "responsiveness",
        "review_count",
        "service",
        "skills",
        "username",
      ].sort(),
    );
    expect(user).toEqual({
      username: "grace",
      email: null,
      email_hidden: true,
      img_url: null,
      bio: "",
      skills: ["Plumber"],
      interests: [],
      area: null,
      service: NO_SERVICE_DETAILS,
      review_count: 0,
      contact_backed_count: 0,
      average_rating: null,
      responsiveness: null,
    });
  });

  it("looks the username up case-insensitively", async () => {
    await createSignedInUser(t.app, { username: "linus" });
    const res = await getProfile("LiNuS");
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe("linus");
  });

  it("answers 404 in the error shape for an unknown username", async () => {
    const res = await getProfile("nobody_here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "not-found", message: 'There is no user named "nobody_here".' },
    });
  });

  it("counts the reviews and averages their ratings to one decimal", async () => {
    const subject = await createSignedInUser(t.app, { username: "rated_one" });
    for (const rating of [5, 4, 4]) {
      const author = await createSignedInUser(t.app);
      expect((await review(author, "rated_one", rating)).statusCode).toBe(201);
    }
    const { user } = (await getProfile(subject.profile?.username ?? "")).json();
    expect(user.review_count).toBe(3);
    expect(user.average_rating).toBe(4.3);
  });
});

describe("PUT /api/users/:username", () => {
  it("lets the owner change bio, skills and interests, and answers the new profile", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_a" });
    const res = await putProfile(
      "owner_a",
      { bio: "I fix pipes.", skills: ["Plumber", "Tour Guide"], interests: ["Personal Chef"] },
      owner,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: "owner_a",
      bio: "I fix pipes.",
      skills: ["Plumber", "Tour Guide"],
      interests: ["Personal Chef"],
      review_count: 0,
      average_rating: null,
    });
    const after = (await getProfile("owner_a")).json().user;
    expect(after.bio).toBe("I fix pipes.");
    expect(after.skills).toEqual(["Plumber", "Tour Guide"]);
  });

  it("accepts the owner's username in any case, and can empty every field", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_b", skills: ["Plumber"] });
    const res = await putProfile("OWNER_B", { bio: "", skills: [], interests: [] }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ bio: "", skills: [], interests: [] });
  });

  it("keeps the fields left out of the payload", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_c", skills: ["Plumber"] });
    await putProfile("owner_c", { bio: "First" }, owner);
    const res = await putProfile("owner_c", { interests: ["Math Teacher"] }, owner);
    expect(res.json().user).toMatchObject({
      bio: "First",
      skills: ["Plumber"],
      interests: ["Math Teacher"],
    });
  });

  it("ignores a username in the payload: the profile is never renamed", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_d" });
    const res = await putProfile("owner_d", { bio: "x", username: "hijacked" }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe("owner_d");
    expect((await getProfile("hijacked")).statusCode).toBe(404);
  });

  it("answers 401 when signed out", async () => {
    await createSignedInUser(t.app, { username: "owner_e" });
    const res = await putProfile("owner_e", { bio: "vandal" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("not-signed-in");
    expect((await getProfile("owner_e")).json().user.bio).toBe("");
  });

  it("answers 403 to anyone but the owner and changes nothing", async () => {
    await createSignedInUser(t.app, { username: "owner_f" });
    const other = await createSignedInUser(t.app);
    const res = await putProfile("owner_f", { bio: "vandal", skills: ["Plumber"] }, other);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "forbidden", message: "You can only edit your own profile." },
    });
    expect((await getProfile("owner_f")).json().user).toMatchObject({ bio: "", skills: [] });
  });

  it("answers 403 to a signed-in user who has no profile yet", async () => {
    await createSignedInUser(t.app, { username: "owner_g" });
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const res = await putProfile("owner_g", { bio: "x" }, noProfile);
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for an unknown profile", async () => {
    const user = await createSignedInUser(t.app);
    const res = await putProfile("no_such_user", { bio: "x" }, user);
    expect(res.statusCode).toBe(404);
  });

  it("accepts a bio of 1,000 characters and refuses 1,001", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_h" });
    expect((await putProfile("owner_h", { bio: "a".repeat(1000) }, owner)).statusCode).toBe(200);
    const res = await putProfile("owner_h", { bio: "b".repeat(1001) }, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-input");
    expect(res.json().error.fields.bio).toMatch(/1000 characters/);
    expect((await getProfile("owner_h")).json().user.bio).toBe("a".repeat(1000));
  });

  it("refuses a skill not on the skill list (issue 33: 400 unknown-skill), naming its position", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_i" });
    const res = await putProfile("owner_i", { skills: ["Plumber", "Astronaut"] }, owner);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("unknown-skill");
    expect(error.fields["skills.1"]).toBe("Item 2 is not on the skill list");
    expect(res.body).not.toContain("Astronaut"); // never echoes input (issue 13 item 4)
    expect((await getProfile("owner_i")).json().user.skills).toEqual([]);
  });

  it("refuses a bad interest and a duplicate, naming the value; takes a skill in any letter case", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_j" });
    const bad = await putProfile("owner_j", { interests: ["juggling"] }, owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields["interests.0"]).toBe("Item 1 is not on the skill list");
    const lower = await putProfile("owner_j", { interests: ["plumber"] }, owner);
    expect(lower.json().user.interests).toEqual(["Plumber"]);
    const twice = await putProfile("owner_j", { interests: ["Plumber", "Plumber"] }, owner);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields["interests.1"]).toBe("Item 2 is listed twice");
  });

  it("refuses wrong types with 400, never 500", async () => {
    const owner = await createSignedInUser(t.app, { username: "owner_k" });
    for (const payload of [{ bio: 5 }, { skills: "Plumber" }, { interests: [1] }, { bio: null }]) {
      const res = await putProfile("owner_k", payload, owner);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
