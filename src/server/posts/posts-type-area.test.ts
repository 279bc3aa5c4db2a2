import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { Post } from "../../shared/posts.ts";
import { posts } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { placeById } from "../places/index.ts";

/** Issue 18: a post's type (offering or looking for) and its area (the author's by default). */

// Authors post many times here; the write limits have their own tests (limits/).
const t = testAppClosedAfterAll({ writeLimits: liftedWriteLimits() });

const CAMBRIDGE = { id: 2653941, name: "Cambridge", country: "GB" };
const HISTON = { id: 2646828, name: "Histon", country: "GB" };

const basics = { title: "Bike repair", topic: "Repairs", body: "Punctures, brakes, gears." };

const createPost = (author: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: author.cookie },
    payload,
  });

async function created(author: TestUser, payload: Record<string, unknown>): Promise<Post> {
  const res = await createPost(author, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article;
}

async function read(id: number): Promise<Post> {
  const res = await t.app.inject({ method: "GET", url: `/api/articles/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().article;
}

async function memberIn(areaId: number | null): Promise<TestUser> {
  const member = await createSignedInUser(t.app);
  if (areaId !== null) {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${member.username}`,
      headers: { cookie: member.cookie },
      payload: { area_id: areaId },
    });
    expect(res.statusCode).toBe(200);
  }
  return member;
}

const postCountBy = async (author: TestUser) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(posts)
    .where(eq(posts.authorId, author.profile?.id ?? ""));
  return row?.n;
};

describe("a post's type", () => {
  it("is an offering when the client sends none (SPEC clients, decision 012)", async () => {
    const author = await memberIn(null);
    const post = await created(author, basics);
    expect(post.type).toBe("offering");
    expect((await read(post.id)).type).toBe("offering");
  });

  it("is what the author chose", async () => {
    const author = await memberIn(null);
    const looking = await created(author, { ...basics, type: "looking-for" });
    const offering = await created(author, { ...basics, type: "offering" });
    expect([looking.type, offering.type]).toEqual(["looking-for", "offering"]);
    expect((await read(looking.id)).type).toBe("looking-for");
  });

  it.each([["Offering"], ["looking for"], [""], [null], [1], [["offering"]]])(
    "refuses type %j with 400 on type, storing nothing",
    async (type) => {
      const author = await memberIn(null);
      const res = await createPost(author, { ...basics, type });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "invalid-input",
        fields: { type: "Type must be Offering or Looking for." },
      });
      expect(await postCountBy(author)).toBe(0);
    },
  );
});

describe("a post's area", () => {
  it("is the author's area when the client sends none, copied at creation", async () => {
    const author = await memberIn(CAMBRIDGE.id);
    const post = await created(author, basics);
    expect(post.area).toEqual(CAMBRIDGE);
    // Moving later leaves the post where it was written about.
    await t.app.inject({
      method: "PUT",
      url: `/api/users/${author.username}`,
      headers: { cookie: author.cookie },
      payload: { area_id: HISTON.id },
    });
    expect((await read(post.id)).area).toEqual(CAMBRIDGE);
    const [row] = await t.database.db
      .select({ lat: posts.areaLat, lng: posts.areaLng })
      .from(posts)
      .where(eq(posts.id, post.id));
    const place = placeById(CAMBRIDGE.id);
    expect(row).toEqual({ lat: place?.lat, lng: place?.lng });
  });

  it("is none when the author has none and sends none", async () => {
    const author = await memberIn(null);
    expect((await created(author, basics)).area).toBeNull();
  });

  it("is the place the author chose, whatever their own area", async () => {
    const author = await memberIn(CAMBRIDGE.id);
    const post = await created(author, { ...basics, area_id: HISTON.id });
    expect(post.area).toEqual(HISTON);
    expect((await read(post.id)).area).toEqual(HISTON);
    expect(JSON.stringify(await read(post.id))).not.toMatch(/lat|lng/);
  });

  it("is none when the author sends null, even with an area of their own", async () => {
    const author = await memberIn(CAMBRIDGE.id);
    const post = await created(author, { ...basics, area_id: null });
    expect(post.area).toBeNull();
    const [row] = await t.database.db
      .select({ id: posts.areaId, lat: posts.areaLat })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row).toEqual({ id: null, lat: null });
  });

  it("refuses a place id the gazetteer lacks with 400 on area_id, storing nothing", async () => {
    const author = await memberIn(CAMBRIDGE.id);
    const res = await createPost(author, { ...basics, area_id: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { area_id: "is not a known place" },
    });
    expect(await postCountBy(author)).toBe(0);
  });

  it.each([["2653941"], [1.5], [0], [-3], [2 ** 31], [true]])(
    "refuses area_id %j with 400 naming the field",
    async (areaId) => {
      const author = await memberIn(null);
      const res = await createPost(author, { ...basics, area_id: areaId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        area_id: "must be the id of a place from the list",
      });
    },
  );

  it("checks the text fields and the type together: every wrong field is named", async () => {
    const author = await memberIn(null);
    const res = await createPost(author, { title: "", topic: "x", body: "y", type: "z" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["title", "type"]);
  });
});
