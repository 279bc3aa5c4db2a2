import { execFile } from "node:child_process";
import { count, eq, isNotNull, like, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_SKILL,
  MEMBERS,
} from "../scripts/demo/community.ts";
import { fillDemo } from "../scripts/demo/fill-demo.ts";
import { checkPasswordStrength } from "../src/server/auth/password-policy.ts";
import { latestMessages } from "../src/server/chat/messages-repository.ts";
import { maskProfanity } from "../src/server/chat/profanity-filter.ts";
import type { Database } from "../src/server/db/database.ts";
import * as schema from "../src/server/db/schema.ts";
import { NO_AREA } from "../src/server/places/index.ts";
import { insertPost } from "../src/server/posts/posts-repository.ts";
import { SKILL_OPTIONS } from "../src/shared/constants.ts";
import { sessionCookieOf } from "./harness/accounts.ts";
import { createSignedInUser } from "./harness/factories.ts";
import { freePort, ROOT, startServer, waitForHealthy } from "./harness/server-process.ts";
import { createServerStorage, withStorage } from "./harness/server-storage.ts";
import { testAppClosedAfterAll } from "./harness/test-app.ts";
import { createTestDatabase, testDatabaseKind } from "./harness/test-database.ts";

/** `npm run demo` (issue 20): a believable community, real accounts, and no surprises. */

const { users, profiles, posts, reviews, reviewReplies, profilePhotos, messages } = schema;
const { directMessages, conversations } = schema;

/** How many rows each table the demo writes holds. */
async function tableCounts(database: Database) {
  const { db } = database;
  const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: await rows(users),
    profiles: await rows(profiles),
    posts: await rows(posts),
    reviews: await rows(reviews),
    replies: await rows(reviewReplies),
    photos: await rows(profilePhotos),
    messages: await rows(messages),
    directMessages: await rows(directMessages),
    conversations: await rows(conversations),
  };
}

const demoUserIds = async (database: Database) =>
  (
    await database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`))
  ).map((row) => row.id);

describe("the demo community", () => {
  const t = testAppClosedAfterAll();
  let signIns: { email: string; password: string; username: string }[] = [];

  beforeAll(async () => {
    const outcome = await fillDemo(t.database);
    if (outcome.kind !== "filled") throw new Error(outcome.message);
    signIns = outcome.signIns;
    expect(outcome.replaced).toBe(0);
  });

  it("is a dozen verified members with bios, skills, areas, and photos or avatars", async () => {
    const rows = await t.database.db
      .select({
        verified: users.emailVerified,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        username: profiles.username,
        bio: profiles.bio,
        skills: profiles.skills,
        area: profiles.areaName,
        imgUrl: profiles.imgUrl,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.verified && row.hasPassword).toBe(true);
      expect(row.bio.length).toBeGreaterThan(40);
      expect(row.area).toBeTruthy();
      expect(row.imgUrl).toMatch(/^\/api\/(photos|avatars)\//);
    }
    const areas = new Set(rows.map((row) => row.area));
    expect(areas).toContain("Cambridge");
    expect(areas).toContain("Histon");
    expect(areas).toContain("Waterbeach");
    // Every one of the seven skills is offered by someone, and the demo's own (issue 33).
    expect(new Set(rows.flatMap((row) => row.skills))).toEqual(
      new Set([...SKILL_OPTIONS, DEMO_SKILL.name]),
    );
    expect(rows.filter((row) => row.imgUrl?.startsWith("/api/photos/"))).toHaveLength(6);
  });

  it("gives most members service details, and post cards their rate (issue 32)", async () => {
    const rows = await t.database.db
      .select({ rateKind: profiles.rateKind, phone: profiles.phone })
      .from(profiles);
    expect(rows.filter((row) => row.rateKind !== null).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((row) => row.rateKind === null).length).toBeGreaterThan(0);
    const tom = await t.app.inject({ method: "GET", url: "/api/users/username/tom_fixes" });
    expect(tom.json().user.service).toMatchObject({
      rate: { kind: "amount", amount: 25, unit: "hour", currency: "GBP" },
      phone: null,
      phone_hidden: true,
    });
    const feed = await t.app.inject({ method: "GET", url: "/api/articles?limit=50" });
    const rated = feed
      .json()
      .articles.filter((post: { author_rate?: unknown }) => post.author_rate);
    expect(rated.length).toBeGreaterThan(0);
  });

  it("has posts of both kinds over the last weeks, two filled and one edited, in the feed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/articles?limit=50" });
    expect(res.statusCode).toBe(200);
    const { articles } = res.json() as {
      articles: { type: string; created_at: string; filled_at?: string; edited_at?: string }[];
    };
    expect(articles).toHaveLength(19);
    expect(new Set(articles.map((a) => a.type))).toEqual(new Set(["offering", "looking-for"]));
    const times = articles.map((a) => Date.parse(a.created_at));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(20 * 86_400_000);
    expect(Math.max(...times)).toBeLessThan(Date.now());
    const [filled] = await t.database.db
      .select({ n: count() })
      .from(posts)
      .where(isNotNull(posts.filledAt));
    const [edited] = await t.database.db
      .select({ n: count() })
      .from(posts)
      .where(isNotNull(posts.editedAt));
    expect(filled?.n).toBe(2);
    expect(edited?.n).toBe(1);
  });

  it("has posts that carry the skill their topic names, the demo's own skill too (issue 33)", async () => {
    const rows = await t.database.db
      .select({ topic: posts.topic, skill: schema.skills.name })
      .from(posts)
      .leftJoin(schema.skills, eq(schema.skills.id, posts.skillId));
    const unmatched = rows.filter((row) => row.skill === null).map((row) => row.topic);
    expect(unmatched).toEqual(["History"]);
    expect(rows).toContainEqual({ topic: "Gardening", skill: DEMO_SKILL.name });
    expect(rows).toContainEqual({ topic: "Plumbing", skill: "Plumber" });
    const chip = await t.app.inject({ method: "GET", url: "/api/search/posts?skill=Gardener" });
    expect(chip.json().articles.map((a: { topic: string }) => a.topic)).toEqual(["Gardening"]);
  });

  it("serves the uploaded photos and the generated avatars", async () => {
    for (const member of [MEMBERS.find((m) => m.photo), MEMBERS.find((m) => !m.photo)]) {
      const profile = await t.app.inject({
        method: "GET",
        url: `/api/users/username/${member?.username}`,
      });
      const imgUrl = (profile.json() as { user: { img_url: string } }).user.img_url;
      const image = await t.app.inject({ method: "GET", url: imgUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toMatch(member?.photo ? /image\/webp/ : /image\/svg/);
    }
  });

  it("has reviews with ratings and replies", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/reviews?created_about=priya_codes",
    });
    const { reviews: about } = res.json() as {
      reviews: { rating: number; reply: { body: string } | null }[];
    };
    expect(about.length).toBeGreaterThanOrEqual(2);
    expect(about.some((review) => review.reply)).toBe(true);
    const counts = await tableCounts(t.database);
    expect(counts.reviews).toBe(10);
    expect(counts.replies).toBeGreaterThanOrEqual(2);
  });

  it("has a public chat history, stored as the chat stores it, that the filter leaves alone", async () => {
    const history = await latestMessages(t.database.db, 100);
    expect(history).toHaveLength(20);
    for (const message of history) expect(maskProfanity(message.text)).toBe(message.text);
    const times = history.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("prints sign-ins that work, for two members who wrote to each other", async () => {
    expect(signIns).toHaveLength(2);
    expect(checkPasswordStrength(DEMO_PASSWORD)).toBe("ok");
    for (const { email, password, username } of signIns) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { email, emailVerified: true } });
      const cookie = sessionCookieOf(res);
      const list = await t.app.inject({
        method: "GET",
        url: "/api/conversations",
        headers: { cookie },
      });
      expect(list.statusCode).toBe(200);
      const other = signIns.find((s) => s.username !== username)?.username;
      expect(JSON.stringify(list.json())).toContain(String(other));
    }
  });

  it("shows contact-backed reviews and how quickly some members answer (issue 32)", async () => {
    const profileOf = async (username: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/users/username/${username}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user;
    };
    const answering = { reply_time: "hours", replies_to_most: true };
    expect(await profileOf("tom_fixes")).toMatchObject({
      contact_backed_count: 1,
      responsiveness: answering,
    });
    expect(await profileOf("priya_codes")).toMatchObject({
      review_count: 2,
      contact_backed_count: 2,
      responsiveness: answering,
    });
    expect(await profileOf("grace_draws")).toMatchObject({
      contact_backed_count: 0,
      responsiveness: null,
    });
  });

  it("a second run refuses with a clear message and changes nothing", async () => {
    const before = await tableCounts(t.database);
    const ids = await demoUserIds(t.database);
    const outcome = await fillDemo(t.database);
    expect(outcome).toEqual({ kind: "refused", message: expect.stringContaining("--force") });
    if (outcome.kind === "refused") {
      expect(outcome.message).toMatch(/already has the 12 members of an earlier demo/);
      expect(outcome.message).toMatch(/nothing was changed/);
    }
    expect(await tableCounts(t.database)).toEqual(before);
    expect(await demoUserIds(t.database)).toEqual(ids);
  });

  it("--force replaces the demo's own members and leaves everyone else", async () => {
    const real = await createSignedInUser(t.app, { username: "real_neighbour" });
    if (!real.profile) throw new Error("no profile");
    await insertPost(t.database.db, real.profile, {
      title: "Spare allotment plot",
      topic: "Gardening",
      body: "Half a plot going spare near the rec.",
      expiresAt: new Date(Date.now() + 60 * 86_400_000),
      kind: "offering",
      ...NO_AREA,
    });
    const before = await tableCounts(t.database);
    const earlier = await demoUserIds(t.database);

    const outcome = await fillDemo(t.database, { force: true });
    expect(outcome).toMatchObject({ kind: "filled", replaced: 12 });

    // The same community again, not twice; the real member and their post untouched.
    expect(await tableCounts(t.database)).toEqual(before);
    const now = await demoUserIds(t.database);
    expect(now).toHaveLength(12);
    expect(now.filter((id) => earlier.includes(id))).toEqual([]);
    const [kept] = await t.database.db
      .select({ n: count() })
      .from(posts)
      .where(eq(posts.authorId, real.profile.id));
    expect(kept?.n).toBe(1);
    // And the new demo sign-in works.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: signIns[0]?.email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("a database with members of its own", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it("is refused, saying so, with nothing written", async () => {
    await createSignedInUser(database.db, { username: "first_member" });
    const before = await tableCounts(database);
    const outcome = await fillDemo(database);
    expect(outcome.kind).toBe("refused");
    if (outcome.kind === "refused") {
      expect(outcome.message).toMatch(/^This database already has 1 member of its own/);
    }
    expect(await tableCounts(database)).toEqual(before);
  });

  it("--force adds the demo alongside, unless a member has one of the demo's usernames", async () => {
    await createSignedInUser(database.db, { username: "tom_fixes" });
    const before = await tableCounts(database);
    const outcome = await fillDemo(database, { force: true });
    expect(outcome).toEqual({
      kind: "refused",
      message: expect.stringMatching(/demo's username tom_fixes: nothing was changed/),
    });
    expect(await tableCounts(database)).toEqual(before);

    await database.db.delete(profiles).where(eq(profiles.username, "tom_fixes"));
    expect(await fillDemo(database, { force: true })).toMatchObject({
      kind: "filled",
      replaced: 0,
    });
    expect(await demoUserIds(database)).toHaveLength(12);
  });
});

type Run = { code: number; stdout: string; stderr: string };

function npmRunDemo(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "demo", ...(args.length > 0 ? ["--", ...args] : [])],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe(`the npm run demo command, on ${testDatabaseKind === "pglite" ? "the embedded database" : "PostgreSQL"}`, () => {
  it("fills the app's database, prints sign-ins that work in the server, then refuses a second run", async () => {
    const storage = await createServerStorage(testDatabaseKind);
    try {
      // PORT as the operator set it: the address printed is that one (issue 34).
      const port = String(await freePort());
      const first = await npmRunDemo({ ...storage.env, PORT: port });
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^Filled the (embedded|PostgreSQL) database .* 12 members/m);
      expect(first.stdout).toMatch(/^Done in \d+\.\d s\.$/m);
      const printed = [...first.stdout.matchAll(/^ {2}(\S+@\S+) {3}password: (\S+)/gm)];
      // Two members, then the moderator (issue 34), whom the printed start command names.
      expect(printed).toHaveLength(3);
      const moderatorEmail = printed[2]?.[1];
      const command = first.stdout.match(/`ADMIN_EMAILS=(\S+) npm start` and open (\S+)\./);
      expect(command?.[1]).toBe(moderatorEmail);
      expect(command?.[2]).toBe(`http://localhost:${port}`);

      const server = startServer({ PORT: port, ADMIN_EMAILS: command?.[1] ?? "", ...storage.env });
      try {
        await waitForHealthy(server);
        for (const [, email, password] of printed) {
          const res = await fetch(`${server.url}/api/auth/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, password }),
          });
          expect(res.status).toBe(200);
          const me = await fetch(`${server.url}/api/me`, {
            headers: {
              cookie: res.headers
                .getSetCookie()
                .map((line) => line.split(";")[0] ?? "")
                .join("; "),
            },
          });
          expect(((await me.json()) as { moderator?: boolean }).moderator === true).toBe(
            email === moderatorEmail,
          );
        }
        const feed = await (await fetch(`${server.url}/api/articles`)).json();
        expect((feed as { articles: unknown[] }).articles.length).toBeGreaterThan(10);
      } finally {
        await server.stop();
      }

      const second = await npmRunDemo(storage.env);
      expect(second.code).toBe(1);
      expect(second.stdout).toBe("");
      expect(second.stderr).toMatch(/^This database already has .* nothing was changed/);
      expect(second.stderr).toContain("npm run demo -- --force");
      const users = await withStorage(
        storage,
        async (database) => (await tableCounts(database)).users,
      );
      // Two sign-ins and the server's requests wrote no members; still the demo's twelve.
      expect(users).toBe(12);
    } finally {
      await storage.drop();
    }
  }, 90_000);
});
