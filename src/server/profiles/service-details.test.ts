import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { NO_SERVICE_DETAILS } from "../../shared/service-details.ts";

/** Issue 32: a profile's rate, availability, travel distance and ways to reach the member. */

const t = testAppClosedAfterAll();

const CAMBRIDGE = 2653941;
const ZURICH = 2657896;
const PARIS = 2988507;

const putService = (user: TestUser, service: unknown, extra: object = {}) =>
  t.app.inject({
    method: "PUT",
    url: `/api/users/${user.username}`,
    payload: { service, ...extra } as object,
    headers: { cookie: user.cookie },
  });

const profileOf = async (username: string, viewer?: TestUser) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/users/username/${username}`,
    headers: viewer ? { cookie: viewer.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
};

const FULL = {
  rate: { kind: "amount", amount: 25, unit: "hour" },
  availability: ["weekdays", "evenings"],
  travel_km: 15,
  reach: ["message", "phone", "email"],
  phone: "+44 (0)1223 555-010",
};

describe("service details on a profile", () => {
  it("are empty on a new profile", async () => {
    const member = await createSignedInUser(t.app);
    expect((await profileOf(member.username)).service).toEqual(NO_SERVICE_DETAILS);
  });

  it("are saved and shown with the currency of the member's area", async () => {
    const member = await createSignedInUser(t.app);
    const res = await putService(member, FULL, { area_id: CAMBRIDGE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.service).toEqual({
      rate: { kind: "amount", amount: 25, unit: "hour", currency: "GBP" },
      availability: ["weekdays", "evenings"],
      travel_km: 15,
      reach: ["message", "phone", "email"],
      phone: "+44 (0)1223 555-010",
      phone_hidden: false,
    });
    const moved = await putService(member, {}, { area_id: ZURICH });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user.service.rate.currency).toBe("CHF");
    expect((await profileOf(member.username, member)).service.rate.currency).toBe("CHF");
    await putService(member, {}, { area_id: PARIS });
    expect((await profileOf(member.username, member)).service.rate.currency).toBe("EUR");
    await putService(member, {}, { area_id: null });
    expect((await profileOf(member.username, member)).service.rate.currency).toBeNull();
  });

  it("keep a field left out and clear a null one", async () => {
    const member = await createSignedInUser(t.app);
    await putService(member, FULL);
    const kept = await putService(member, { travel_km: 30 });
    expect(kept.json().user.service).toMatchObject({
      rate: { kind: "amount", amount: 25, unit: "hour" },
      travel_km: 30,
      availability: ["weekdays", "evenings"],
    });
    const bioOnly = await t.app.inject({
      method: "PUT",
      url: `/api/users/${member.username}`,
      payload: { bio: "Hello" },
      headers: { cookie: member.cookie },
    });
    expect(bioOnly.json().user.service.travel_km).toBe(30);
    const cleared = await putService(member, {
      rate: null,
      availability: null,
      travel_km: null,
      reach: null,
      phone: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().user.service).toEqual(NO_SERVICE_DETAILS);
    const free = await putService(member, { rate: { kind: "swap" } });
    expect(free.json().user.service.rate).toEqual({ kind: "swap" });
  });

  it.each([
    ["service.rate.kind", { rate: { kind: "money" } }],
    ["service.rate.amount", { rate: { kind: "amount", amount: -1, unit: "hour" } }],
    ["service.rate.amount", { rate: { kind: "amount", amount: 100_001, unit: "hour" } }],
    ["service.rate.amount", { rate: { kind: "amount", amount: 1.234, unit: "hour" } }],
    ["service.rate.amount", { rate: { kind: "amount", amount: "25", unit: "hour" } }],
    ["service.rate.unit", { rate: { kind: "amount", amount: 5, unit: "day" } }],
    ["service.availability.0", { availability: ["mornings"] }],
    ["service.availability", { availability: ["weekends", "weekends"] }],
    ["service.travel_km", { travel_km: 201 }],
    ["service.travel_km", { travel_km: -1 }],
    ["service.travel_km", { travel_km: 2.5 }],
    ["service.reach.0", { reach: ["pigeon"] }],
    ["service.phone", { phone: "call me maybe" }],
    ["service.phone", { phone: "12345" }],
    ["service.phone", { phone: "1".repeat(21) }],
    ["service.phone", { reach: ["phone"] }],
  ])("refuses %s in %j with 400 and changes nothing", async (field, service) => {
    const member = await createSignedInUser(t.app);
    await putService(member, { travel_km: 5 });
    const res = await putService(member, { travel_km: 6, ...service });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect((await profileOf(member.username)).service.travel_km).toBe(5);
  });

  it("shows the phone to signed-in members and the owner, never to signed-out visitors", async () => {
    const owner = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    await putService(owner, FULL);
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/users/username/${owner.username}`,
    });
    expect(anonymous.body).not.toContain("555-010");
    expect(anonymous.json().user.service).toMatchObject({ phone: null, phone_hidden: true });
    expect(anonymous.json().user.email).toBeNull();
    expect((await profileOf(owner.username, member)).service).toMatchObject({
      phone: "+44 (0)1223 555-010",
      phone_hidden: false,
    });
    expect((await profileOf(owner.username, owner)).service.phone).toBe("+44 (0)1223 555-010");
  });

  it("keeps a phone not offered as a way to reach the member to its owner", async () => {
    const owner = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    await putService(owner, { ...FULL, reach: ["message"] });
    expect((await profileOf(owner.username, member)).service).toMatchObject({
      phone: null,
      phone_hidden: false,
    });
    expect((await profileOf(owner.username, owner)).service.phone).toBe("+44 (0)1223 555-010");
  });

  it("may be given when the profile is created", async () => {
    const fresh = await createSignedInUser(t.app, { withProfile: false });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie: fresh.cookie },
      payload: { username: `svc_${fresh.userId.slice(0, 8)}`, service: { rate: { kind: "free" } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.service.rate).toEqual({ kind: "free" });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie: fresh.cookie },
      payload: { username: `svd_${fresh.userId.slice(0, 8)}`, service: { travel_km: 999 } },
    });
    expect(refused.statusCode).toBe(400);
  });

  it("show the author's rate on post answers: created, by id, the feed and search", async () => {
    const author = await createSignedInUser(t.app);
    await putService(
      author,
      { rate: { kind: "amount", amount: 12.5, unit: "job" } },
      {
        area_id: CAMBRIDGE,
      },
    );
    const word = `zebrafix${author.userId.slice(0, 6)}`;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { cookie: author.cookie },
      payload: { title: `Fixing ${word}`, topic: "Repairs", body: `I fix ${word} things.` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rate = { kind: "amount", amount: 12.5, unit: "job", currency: "GBP" };
    expect(created.json().article.author_rate).toEqual(rate);
    const id = created.json().article.id;
    const byId = await t.app.inject({ method: "GET", url: `/api/articles/${id}` });
    expect(byId.json().article.author_rate).toEqual(rate);
    const feed = await t.app.inject({ method: "GET", url: "/api/articles?topic=Repairs&limit=50" });
    expect(feed.json().articles.find((a: { id: number }) => a.id === id)?.author_rate).toEqual(
      rate,
    );
    const search = await t.app.inject({ method: "GET", url: `/api/search/posts?q=${word}` });
    expect(search.json().articles[0]?.author_rate).toEqual(rate);
    // A move abroad changes the currency on the author's posts (the copy follows the area).
    await putService(author, {}, { area_id: PARIS });
    const moved = await t.app.inject({ method: "GET", url: `/api/search/posts?q=${word}` });
    expect(moved.json().articles[0]?.author_rate).toEqual({ ...rate, currency: "EUR" });
    // A changed rate reaches the author's posts (the copy follows the profile).
    await putService(author, { rate: { kind: "free" } });
    const found = await t.app.inject({ method: "GET", url: `/api/search/posts?q=${word}` });
    expect(found.json().articles[0]?.author_rate).toEqual({ kind: "free" });
    await putService(author, { rate: null });
    const none = await t.app.inject({ method: "GET", url: `/api/search/posts?q=${word}` });
    expect(none.json().articles[0]).not.toHaveProperty("author_rate");
  });
});
