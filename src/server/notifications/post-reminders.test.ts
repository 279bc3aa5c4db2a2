import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import type { NotificationsPage } from "../../shared/notifications.ts";
import type { PostLinkAnswer } from "../../shared/post-links.ts";
import type { PostResponse } from "../../shared/posts.ts";
import { mailOutbox } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 32: 3 days before a post expires its author is asked "Still offering …?" in the bell and,
 * when they want reminders by mail, by a mail with three one-click links (Keep, Mark filled,
 * Remove), each signed, working without signing in, and once. Two instances run the job at once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = controllableClock(new Date("2026-05-01T09:00:00Z"));
const instances = twoInstances({
  clock,
  config: (defaults) => ({ ...defaults, writeLimits: liftedWriteLimits() }),
});
const apps = () => instances.apps as [FastifyInstance, FastifyInstance];
const db = () => instances.storage.database.db;

async function post(author: TestUser, title: string, type = "offering", days = 30) {
  const res = await apps()[0].inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: author.cookie },
    payload: { title, topic: "Bikes", body: "Ask me.", type, expires_in_days: days },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostResponse>().article;
}

const mailsTo = (address: string) =>
  db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.id));

async function bell(user: TestUser) {
  const res = await apps()[1].inject({
    method: "GET",
    url: "/api/notifications",
    headers: { cookie: user.cookie },
  });
  return res.json<NotificationsPage>().notifications;
}

/** Both instances' jobs, a few rounds each, all at once. */
const remindEverywhere = () =>
  Promise.all(
    apps().flatMap((app) => [1, 2, 3].map(() => app.notifications.remindExpiringPosts())),
  );

/** The token of the mail's link labelled `label`. */
function tokenOf(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`${label}: `));
  const url = line?.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no "${label}" link in:\n${text}`);
  expect(new URL(url).pathname).toBe("/post-link");
  return new URL(url).searchParams.get("token") ?? "";
}

const preview = (token: string, app = apps()[0]) =>
  app.inject({ method: "GET", url: `/api/post-links?token=${encodeURIComponent(token)}` });
const use = (token: string, app = apps()[1]) =>
  app.inject({ method: "POST", url: "/api/post-links", payload: { token } });

describe("the 'Still offering …?' reminder", () => {
  it("comes once, 3 days before, in the bell and by mail, however many instances run the job", async () => {
    const author = await createSignedInUser(apps()[0]);
    const offer = await post(author, "Bike repairs");
    const wanted = await post(author, "A bike for my son", "looking-for");
    clock.advance(26 * DAY_MS);
    await remindEverywhere();
    expect(await mailsTo(author.email)).toEqual([]);

    clock.advance(1 * DAY_MS);
    await remindEverywhere();
    const mails = await mailsTo(author.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Still looking for 'A bike for my son'?",
      "Still offering 'Bike repairs'?",
    ]);
    const entries = await bell(author);
    expect(entries.map((e) => [e.kind, e.detail, e.link, e.count])).toEqual(
      expect.arrayContaining([
        ["offering-expiring", "Bike repairs", `/articles/${offer.id}`, 1],
        ["looking-for-expiring", "A bike for my son", `/articles/${wanted.id}`, 1],
      ]),
    );
    // The mail job does not mail these entries again: the reminder's mail told of them.
    clock.advance(60_000);
    await apps()[0].notifications.mailDue();
    expect(await mailsTo(author.email)).toHaveLength(2);
  });

  it("is in the bell but not mailed when the member turned reminders' mail off", async () => {
    const author = await createSignedInUser(apps()[0]);
    const off = await apps()[0].inject({
      method: "PUT",
      url: "/api/notifications/settings",
      headers: { cookie: author.cookie },
      payload: { settings: [{ topic: "reminders", channel: "mail", enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    await post(author, "Piano tuning");
    clock.advance(27 * DAY_MS);
    await remindEverywhere();
    expect(await mailsTo(author.email)).toEqual([]);
    expect((await bell(author)).map((e) => e.kind)).toEqual(["offering-expiring"]);
  });

  it("has three links that each work once without signing in; a forged one is not valid", async () => {
    const author = await createSignedInUser(apps()[0]);
    const kept = await post(author, "Keep me");
    const filled = await post(author, "Fill me");
    const removed = await post(author, "Remove me");
    clock.advance(27 * DAY_MS);
    await remindEverywhere();
    const mails = await mailsTo(author.email);
    const textOf = (title: string) => mails.find((m) => m.subject.includes(title))?.text ?? "";

    const keep = tokenOf(textOf("Keep me"), "Keep for another 60 days");
    const before = await preview(keep);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<PostLinkAnswer>()).toMatchObject({
      action: "keep",
      state: "ready",
      post: { id: kept.id, title: "Keep me", type: "offering" },
    });
    // Opening the link (a mail scanner's GET) did nothing.
    expect((await preview(keep)).json<PostLinkAnswer>().state).toBe("ready");
    const done = await use(keep);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<PostLinkAnswer>()).toMatchObject({ action: "keep", state: "done" });
    const page = await apps()[0].inject({ method: "GET", url: `/api/articles/${kept.id}` });
    expect(Date.parse(page.json<PostResponse>().article.expires_at)).toBe(
      clock.now().getTime() + 60 * DAY_MS,
    );
    expect((await use(keep, apps()[0])).json<PostLinkAnswer>().state).toBe("used");
    expect((await preview(keep)).json<PostLinkAnswer>().state).toBe("used");

    const fill = tokenOf(textOf("Fill me"), "Mark filled");
    expect((await use(fill)).json<PostLinkAnswer>().state).toBe("done");
    const filledPage = await apps()[0].inject({ method: "GET", url: `/api/articles/${filled.id}` });
    expect(filledPage.json<PostResponse>().article.filled_at).toEqual(expect.any(String));
    expect((await use(fill)).json<PostLinkAnswer>().state).toBe("used");

    const remove = tokenOf(textOf("Remove me"), "Remove");
    expect((await use(remove)).json<PostLinkAnswer>()).toMatchObject({ state: "done", post: null });
    const gone = await apps()[0].inject({ method: "GET", url: `/api/articles/${removed.id}` });
    expect(gone.statusCode).toBe(404);
    expect((await use(remove)).json<PostLinkAnswer>().state).toBe("used");

    // A link of another mail's post, with this one's signature: not this server's.
    const [claims = "", signature = ""] = remove.split(".");
    const forged = `${Buffer.from(`${kept.id}|remove|${Date.now()}`).toString("base64url")}.${signature}`;
    for (const token of [forged, `${claims}.${signature.slice(1)}`, "nonsense"]) {
      for (const res of [await preview(token), await use(token)]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toMatch(/^This link is not valid\./);
      }
    }
    const stillThere = await apps()[0].inject({ method: "GET", url: `/api/articles/${kept.id}` });
    expect(stillThere.statusCode).toBe(200);
  });

  it("is not sent for a filled post, nor again after Keep until 3 days before the new date", async () => {
    const author = await createSignedInUser(apps()[0]);
    const filled = await post(author, "Already filled");
    await apps()[0].inject({
      method: "PUT",
      url: `/api/articles/${filled.id}/filled`,
      headers: { cookie: author.cookie },
    });
    const kept = await post(author, "Kept twice");
    clock.advance(27 * DAY_MS);
    await remindEverywhere();
    const first = await mailsTo(author.email);
    expect(first.map((m) => m.subject)).toEqual(["Still offering 'Kept twice'?"]);
    const keep = tokenOf(first[0]?.text ?? "", "Keep for another 60 days");
    expect((await use(keep)).json<PostLinkAnswer>().state).toBe("done");
    clock.advance(56 * DAY_MS);
    await remindEverywhere();
    expect(await mailsTo(author.email)).toHaveLength(1);
    clock.advance(1 * DAY_MS);
    await remindEverywhere();
    const second = await mailsTo(author.email);
    expect(second).toHaveLength(2);
    // A new reminder, new links: the old Keep stays used, the new one works.
    const again = tokenOf(second[1]?.text ?? "", "Keep for another 60 days");
    expect(again).not.toBe(keep);
    expect((await use(again)).json<PostLinkAnswer>()).toMatchObject({
      state: "done",
      post: { id: kept.id },
    });
  });
});
