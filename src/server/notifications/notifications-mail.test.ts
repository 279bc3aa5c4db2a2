import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type SmtpCatcher, startSmtpCatcher } from "../../../test/harness/smtp-catcher.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { mailOutbox, notificationMails, notifications } from "../db/schema.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 30's quiet mail, on a clock the test moves: an entry still unread after the delay is
 * mailed once (one mail per conversation until read), to verified addresses only, at most the
 * daily cap, with RFC 8058's one-click unsubscribe that needs no sign-in.
 */

const DELAY_SECONDS = 600;
const ORIGIN = "https://talents.example";
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
});
afterAll(() => catcher?.stop());
const clock = controllableClock();
beforeEach(() => clock.set(new Date()));
const t = testAppClosedAfterAll(
  () => ({
    publicOrigin: ORIGIN,
    mail: { smtpUrl: catcher.url, from: "Your Local Talents <no-reply@talents.example>" },
    notifications: { mailDelaySeconds: DELAY_SECONDS, mailDailyCap: 3 },
  }),
  { clock },
);

const member = (options: { emailVerified?: boolean } = {}) => createSignedInUser(t.app, options);
let clientIds = 0;
async function send(from: TestUser, to: TestUser, text = "Hello there") {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/conversations/with/${to.username}/messages`,
    headers: { cookie: from.cookie },
    payload: { text, clientId: `mail-${++clientIds}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Runs the mail job as if `seconds` had passed since the test began. */
async function mailAfter(seconds: number) {
  clock.advance(seconds * 1000);
  await t.app.notifications.mailDue();
}

const queuedTo = async (user: TestUser) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))
    .length;

describe("an unread notification is mailed after the delay", () => {
  it("once, with a link to it and a one-click unsubscribe; a second message sends no second mail", async () => {
    const [ana, ben] = [await member(), await member()];
    await send(ana, ben, "Can you fix a tap?");
    await mailAfter(DELAY_SECONDS - 60);
    expect(await queuedTo(ben)).toBe(0);
    await mailAfter(120);
    const mail = await catcher.waitForMail((m) => m.to.includes(ben.email));
    expect(mail.subject).toBe(`${ana.username} wants to talk`);
    expect(mail.links).toContain(`${ORIGIN}/chatapp?with=${ana.username}`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<${ORIGIN}/unsubscribe\\?token=[^>]+>$`),
    );

    await send(ana, ben, "It drips since Monday.");
    await mailAfter(2 * DELAY_SECONDS);
    expect(await queuedTo(ben)).toBe(1);
  });

  it("a read notification is not mailed, and once read a conversation may mail again", async () => {
    const [ana, ben] = [await member(), await member()];
    await send(ana, ben);
    await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: { cookie: ben.cookie },
    });
    await mailAfter(2 * DELAY_SECONDS);
    expect(await queuedTo(ben)).toBe(0);
    await send(ana, ben, "Still there?");
    clock.set(new Date());
    await mailAfter(2 * DELAY_SECONDS);
    expect(await queuedTo(ben)).toBe(1);
  });

  it("never to an unverified address", async () => {
    const ana = await member();
    const unverified = await member({ emailVerified: false });
    await send(ana, unverified);
    await mailAfter(2 * DELAY_SECONDS);
    expect(await queuedTo(unverified)).toBe(0);
    const decided = await t.database.db
      .select({ mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(eq(notifications.recipientId, unverified.userId));
    expect(decided.every((row) => row.mailedAt !== null)).toBe(true);
  });

  it("at most the daily cap, batched when several are due together", async () => {
    const cleo = await member();
    const senders = [await member(), await member()];
    for (const sender of senders) await send(sender, cleo);
    await mailAfter(2 * DELAY_SECONDS);
    expect(await queuedTo(cleo)).toBe(1);
    const [batched] = await t.database.db
      .select()
      .from(notificationMails)
      .where(eq(notificationMails.recipientId, cleo.userId));
    expect(batched).toMatchObject({ topic: "messages", entries: 2 });
    for (let round = 0; round < 4; round++) {
      await send(await member(), cleo);
      clock.set(new Date());
      await mailAfter(2 * DELAY_SECONDS);
    }
    expect(await queuedTo(cleo)).toBe(3);
  });
});

describe("the unsubscribe link", () => {
  async function mailedLink(ben: TestUser) {
    const ana = await member();
    await send(ana, ben);
    await mailAfter(2 * DELAY_SECONDS);
    const mail = await catcher.waitForMail((m) => m.to.includes(ben.email));
    const header = mail.headers["list-unsubscribe"] ?? "";
    return { ana, url: new URL(header.slice(1, -1)) };
  }

  it("a one-click POST turns that topic's mail off without signing in; the page's call turns it on again", async () => {
    const ben = await member();
    const { ana, url } = await mailedLink(ben);
    const clicked = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.json()).toEqual({ topic: "messages" });
    const settings = await t.app.inject({
      method: "GET",
      url: "/api/notifications/settings",
      headers: { cookie: ben.cookie },
    });
    expect(settings.json().settings).toContainEqual({
      topic: "messages",
      channel: "mail",
      enabled: false,
    });
    await send(ana, ben, "Are you there?");
    clock.set(new Date());
    await mailAfter(2 * DELAY_SECONDS);
    expect(await queuedTo(ben)).toBe(1);

    const token = url.searchParams.get("token") ?? "";
    const undo = await t.app.inject({
      method: "POST",
      url: "/api/notifications/resubscribe",
      payload: { token },
    });
    expect(undo.json()).toEqual({ topic: "messages" });
  });

  it("a forged or altered token gets a clear 400, never a 500", async () => {
    const ben = await member();
    const { url } = await mailedLink(ben);
    const token = url.searchParams.get("token") ?? "";
    const [claims = "", signature = ""] = token.split(".");
    const otherTopic = Buffer.from(`${ben.userId}|reviews`).toString("base64url");
    for (const bad of ["nonsense", `${otherTopic}.${signature}`, `${claims}.${"A".repeat(43)}`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/notifications/unsubscribe",
        payload: { token: bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message).toMatch(/^This unsubscribe link is not valid\./);
    }
  });
});

describe("retention", () => {
  it("read notifications older than 90 days are pruned; unread ones stay", async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    await send(ana, ben);
    await send(ana, cleo);
    await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: { cookie: ben.cookie },
    });
    clock.advance(89 * 24 * 60 * 60 * 1000);
    await t.app.notifications.prune();
    const entriesOf = (user: TestUser) =>
      t.database.db.select().from(notifications).where(eq(notifications.recipientId, user.userId));
    expect(await entriesOf(ben)).toHaveLength(1);
    clock.advance(2 * 24 * 60 * 60 * 1000);
    await t.app.notifications.prune();
    expect(await entriesOf(ben)).toHaveLength(0);
    expect(await entriesOf(cleo)).toHaveLength(1);
  });
});
