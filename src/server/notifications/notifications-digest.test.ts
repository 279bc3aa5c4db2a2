import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { setProfileArea, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { mailOutbox, posts } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 30's weekly digest ("New near you", opt-in) and the daily mail of saved-search matches,
 * on a clock the test moves: due after a week, skipped when there is nothing, once per period.
 */

const ORIGIN = "https://talents.example";
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = controllableClock();
beforeEach(() => clock.set(new Date()));
const t = testAppClosedAfterAll(
  { publicOrigin: ORIGIN, writeLimits: liftedWriteLimits() },
  { clock },
);

const inject = (user: TestUser, method: "POST" | "PUT", url: string, payload: object) =>
  t.app.inject({ method, url, headers: as(user), payload });

/** A member in Cambridge with a skill, with the weekly digest turned on unless `digest: false`. */
async function reader(options: { digest?: boolean; emailVerified?: boolean; skill?: string } = {}) {
  const user = await createSignedInUser(t.app, {
    skills: [options.skill ?? "Plumbing"],
    emailVerified: options.emailVerified ?? true,
  });
  await setProfileArea(t.database.db, user.profile?.id ?? "", TOWNS.cambridge);
  if (options.digest !== false) {
    const settings = [{ topic: "digest", channel: "mail", enabled: true }];
    const res = await inject(user, "PUT", "/api/notifications/settings", { settings });
    expect(res.statusCode, res.body).toBe(200);
  }
  return user;
}

async function post(author: TestUser, title: string, areaId: number = TOWNS.histon) {
  const res = await inject(author, "POST", "/api/articles", {
    title,
    body: "Details on request.",
    topic: "Home",
    area_id: areaId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { article: { id: number } }).article.id;
}

const mailsTo = (user: TestUser) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));

async function digestsAfter(days: number) {
  clock.advance(days * DAY_MS);
  await t.app.notifications.sendDigests();
}

describe("the weekly digest", () => {
  it("tells of new posts near the member about their skills, with links and a one-click unsubscribe", async () => {
    const [ana, ben] = [await reader(), await createSignedInUser(t.app)];
    const id = await post(ben, "Plumbing job in Histon");
    await post(ben, "Piano lessons in Histon");
    await post(ben, "Plumbing job in Ipswich", TOWNS.ipswich);
    await digestsAfter(0);
    const [mail, ...more] = await mailsTo(ana);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("New near you: 1 new post this week");
    expect(mail?.textBody).toContain(`Plumbing job in Histon: ${ORIGIN}/articles/${id}`);
    expect(mail?.textBody).not.toContain("Piano");
    expect(mail?.textBody).not.toContain("Ipswich");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${ORIGIN}/unsubscribe\\?token=`),
    );
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("is skipped when there is nothing, and comes at most once a week", async () => {
    // A skill no other test's posts are about: the posts of the week hold nothing for her.
    const [ana, ben] = [await reader({ skill: "Glazing" }), await createSignedInUser(t.app)];
    await digestsAfter(0);
    expect(await mailsTo(ana)).toHaveLength(0);
    await post(ben, "Glazing help needed");
    // Posts are stamped by the database's clock: the test's catches up, the digest comes after.
    clock.set(new Date());
    await digestsAfter(0);
    await digestsAfter(0);
    expect(await mailsTo(ana)).toHaveLength(1);
    await post(ben, "Another glazing job");
    await digestsAfter(6);
    expect(await mailsTo(ana)).toHaveLength(1);
    await digestsAfter(1);
    const mails = await mailsTo(ana);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.textBody).toContain("Another glazing job");
    expect(mails[1]?.textBody).not.toContain("Glazing help needed");
  });

  it("goes only to verified addresses of members who turned it on", async () => {
    const off = await reader({ digest: false });
    const unverified = await reader({ emailVerified: false });
    await post(await createSignedInUser(t.app), "Plumbing for everyone");
    await digestsAfter(0);
    expect(await mailsTo(off)).toHaveLength(0);
    expect(await mailsTo(unverified)).toHaveLength(0);
  });

  it("carries the matches of saved searches delivered in the digest", async () => {
    const [ana, ben] = [await reader(), await createSignedInUser(t.app)];
    const saved = await inject(ana, "POST", "/api/saved-searches", {
      q: "ladder",
      delivery: "digest",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = await post(ben, "Long ladder to lend", TOWNS.ipswich);
    await digestsAfter(0);
    const [mail] = await mailsTo(ana);
    expect(mail?.textBody).toContain(
      `Matching “ladder”:\nLong ladder to lend: ${ORIGIN}/articles/${id}`,
    );
  });
});

describe("the daily mail of saved-search matches", () => {
  it("tells of the day's matches once a day, without the digest turned on", async () => {
    const [ana, ben] = [await reader({ digest: false }), await createSignedInUser(t.app)];
    const saved = await inject(ana, "POST", "/api/saved-searches", {
      q: "bicycle",
      delivery: "daily",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await post(ben, "Bicycle repairs");
    await digestsAfter(0);
    await digestsAfter(0);
    const mails = await mailsTo(ana);
    expect(mails.map((mail) => mail.subject)).toEqual(["1 new post matching your saved searches"]);
    await post(ben, "Bicycle for sale");
    await digestsAfter(1);
    expect(await mailsTo(ana)).toHaveLength(2);
  });
});

describe("expired posts (issue 32)", () => {
  it("are left out of the daily mail of saved-search matches", async () => {
    const [ana, ben] = [await reader({ digest: false }), await createSignedInUser(t.app)];
    const saved = await inject(ana, "POST", "/api/saved-searches", {
      q: "tandem",
      delivery: "daily",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const expiring = await post(ben, "Tandem for a day");
    await post(ben, "Tandem lessons");
    // The shortest expiry is 30 days, longer than any mail's window: set by hand to fall inside it.
    await t.database.db
      .update(posts)
      .set({ expiresAt: new Date(clock.now().getTime() + DAY_MS / 2) })
      .where(eq(posts.id, expiring));
    await digestsAfter(1);
    const [mail, ...more] = await mailsTo(ana);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("1 new post matching your saved searches");
    expect(mail?.textBody).toContain("Tandem lessons");
    expect(mail?.textBody).not.toContain("Tandem for a day");
  });
});
