import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { profiles } from "../db/schema.ts";
import { placeById } from "../places/index.ts";

/** Issue 18: a member's area, chosen from the gazetteer, on every answer that carries a profile. */

const t = testAppClosedAfterAll();

const CAMBRIDGE = { id: 2653941, name: "Cambridge", country: "GB" };
const ZURICH = { id: 2657896, name: "Zürich", country: "CH" };

const putProfile = (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: "PUT",
    url: `/api/users/${user.username}`,
    payload: payload as object,
    headers: { cookie: user.cookie },
  });

const profileOf = async (username: string, viewer?: TestUser) =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/users/username/${username}`,
      headers: viewer ? { cookie: viewer.cookie } : {},
    })
  ).json().user;

const meOf = async (user: TestUser) =>
  (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } })).json()
    .profile;

async function storedArea(user: TestUser) {
  const [row] = await t.database.db
    .select({
      areaId: profiles.areaId,
      areaName: profiles.areaName,
      areaCountry: profiles.areaCountry,
      areaLat: profiles.areaLat,
      areaLng: profiles.areaLng,
    })
    .from(profiles)
    .where(eq(profiles.username, user.username));
  return row;
}

describe("a profile's area", () => {
  it("is null on a new profile, on its page, /api/me and the creation answer", async () => {
    const member = await createSignedInUser(t.app);
    expect((await profileOf(member.username)).area).toBeNull();
    expect((await meOf(member)).area).toBeNull();
    const fresh = await createSignedInUser(t.app, { withProfile: false });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie: fresh.cookie },
      payload: { username: `new_${fresh.userId.slice(0, 8)}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.area).toBeNull();
  });

  it("is set from a place id: the answer, the page (to anyone) and /api/me show the town, never its centre", async () => {
    const member = await createSignedInUser(t.app);
    const res = await putProfile(member, { area_id: CAMBRIDGE.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.area).toEqual(CAMBRIDGE);
    expect((await profileOf(member.username)).area).toEqual(CAMBRIDGE);
    expect((await meOf(member)).area).toEqual(CAMBRIDGE);
    expect(res.body).not.toMatch(/lat|lng|52\.2/);
    // The centre is the gazetteer's, copied with the name in the same write.
    const place = placeById(CAMBRIDGE.id);
    expect(await storedArea(member)).toEqual({
      areaId: CAMBRIDGE.id,
      areaName: "Cambridge",
      areaCountry: "GB",
      areaLat: place?.lat,
      areaLng: place?.lng,
    });
  });

  it("changes to another place, keeps its accents, and is kept when left out of the payload", async () => {
    const member = await createSignedInUser(t.app);
    await putProfile(member, { area_id: CAMBRIDGE.id });
    expect((await putProfile(member, { area_id: ZURICH.id })).json().user.area).toEqual(ZURICH);
    const res = await putProfile(member, { bio: "Still here" });
    expect(res.json().user).toMatchObject({ bio: "Still here", area: ZURICH });
    expect((await storedArea(member))?.areaName).toBe("Zürich");
  });

  it("is cleared by null: every area column is emptied", async () => {
    const member = await createSignedInUser(t.app);
    await putProfile(member, { area_id: CAMBRIDGE.id });
    const res = await putProfile(member, { area_id: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.area).toBeNull();
    expect(await storedArea(member)).toEqual({
      areaId: null,
      areaName: null,
      areaCountry: null,
      areaLat: null,
      areaLng: null,
    });
  });

  it("refuses a place id the gazetteer lacks with 400 on area_id, and changes nothing else either", async () => {
    const member = await createSignedInUser(t.app);
    await putProfile(member, { bio: "Before", area_id: CAMBRIDGE.id });
    const res = await putProfile(member, { bio: "After", area_id: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { area_id: "is not a known place" },
    });
    expect(await profileOf(member.username)).toMatchObject({ bio: "Before", area: CAMBRIDGE });
  });

  it.each([
    ["text", "2653941"],
    ["a fraction", 2653941.5],
    ["zero", 0],
    ["negative", -2653941],
    ["too large", 2 ** 31],
    ["an object", { id: 2653941 }],
  ])("refuses an area_id that is %s with 400 naming the field", async (_name, areaId) => {
    const member = await createSignedInUser(t.app);
    const res = await putProfile(member, { area_id: areaId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { area_id: "must be the id of a place from the list" },
    });
    expect((await profileOf(member.username)).area).toBeNull();
  });

  it("cannot be set on someone else's profile", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${owner.username}`,
      payload: { area_id: CAMBRIDGE.id },
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect((await profileOf(owner.username)).area).toBeNull();
  });
});
