import { describe, expect, it } from "vitest";
import { accountsTestApp } from "../../../test/harness/accounts.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { accountExportSchema } from "../../shared/accounts.ts";
import { hashToken } from "../auth/index.ts";

const t = accountsTestApp("export");

const exportOf = (cookie?: string) =>
  t.call({ url: "/api/me/export", ...(cookie ? { cookie } : {}) });

describe("GET /api/me/export", () => {
  it("downloads the account's data as JSON: account, profile, posts, reviews both ways, chat, sessions", async () => {
    const { member, other, postIds } = await t.memberWithContent();
    const res = await exportOf(member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="your-local-talents-${member.username}.json"`,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = accountExportSchema.parse(res.json());
    expect(Date.now() - Date.parse(data.exportedAt)).toBeLessThan(60_000);
    expect(data.account).toEqual({
      email: member.email,
      emailVerified: true,
      createdAt: expect.any(String),
    });
    expect(data.profile).toMatchObject({
      username: member.username,
      email: member.email,
      showEmail: false,
      bio: "",
    });
    expect(data.posts.map((p) => [p.id, p.title])).toEqual([
      [postIds[0], "Guitar lessons"],
      [postIds[1], "Bike repair"],
    ]);
    expect(data.reviewsWritten).toMatchObject([
      { about: other.username, title: "Written by member", rating: 5 },
    ]);
    expect(data.reviewsReceived).toMatchObject([
      { by: other.username, title: "Received by member", rating: 5 },
    ]);
    expect(data.chatMessages).toMatchObject([{ text: "Hello, neighbours" }]);
    expect(data.sessions).toMatchObject([{ browser: "Unknown browser", current: true }]);
    // Nothing secret: no session token or its hash, no session handle.
    const token = member.cookie.slice(member.cookie.indexOf("=") + 1);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain(hashToken(token));
    expect(res.body).not.toMatch(/password|tokenHash|token_hash|"id":"[0-9a-f-]{36}"/i);
  });

  it("includes the profile's area and each post's type and area, never a centre", async () => {
    const member = await createSignedInUser(t.app);
    const cambridge = { id: 2653941, name: "Cambridge", country: "GB" };
    const put = await t.call({
      method: "PUT",
      url: `/api/users/${member.username}`,
      cookie: member.cookie,
      payload: { area_id: cambridge.id },
    });
    expect(put.statusCode).toBe(200);
    const written = await t.call({
      method: "POST",
      url: "/api/articles",
      cookie: member.cookie,
      payload: { title: "Need a ladder", topic: "Tools", body: "For a day.", type: "looking-for" },
    });
    expect(written.statusCode).toBe(201);
    const res = await exportOf(member.cookie);
    const data = accountExportSchema.parse(res.json());
    expect(data.profile?.area).toEqual(cambridge);
    expect(data.posts).toMatchObject([
      { title: "Need a ladder", type: "looking-for", area: cambridge },
    ]);
    expect(res.body).not.toMatch(/lat|lng/i);
  });

  it("includes the service details, the phone too (issue 32)", async () => {
    const member = await createSignedInUser(t.app);
    const service = {
      rate: { kind: "amount", amount: 18.5, unit: "job" },
      availability: ["weekends"],
      travel_km: 40,
      reach: ["phone"],
      phone: "01223 555 777",
    };
    const put = await t.call({
      method: "PUT",
      url: `/api/users/${member.username}`,
      cookie: member.cookie,
      payload: { service },
    });
    expect(put.statusCode, put.body).toBe(200);
    const data = accountExportSchema.parse((await exportOf(member.cookie)).json());
    expect(data.profile?.service).toEqual({
      ...service,
      rate: { ...service.rate, currency: null },
      phone_hidden: false,
    });
  });

  it("names the file 'account' and has empty lists before a profile exists", async () => {
    const member = await createSignedInUser(t.app, { withProfile: false });
    const res = await exportOf(member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="your-local-talents-account.json"',
    );
    expect(res.json()).toMatchObject({
      profile: null,
      posts: [],
      reviewsWritten: [],
      reviewsReceived: [],
      chatMessages: [],
    });
  });

  it("answers 401 when signed out", async () => {
    expect((await exportOf()).statusCode).toBe(401);
  });
});
