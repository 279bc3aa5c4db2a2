import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../../../test/harness/accounts.ts";
import type { TestUser } from "../../../test/harness/factories.ts";
import { memberCalls } from "../../../test/harness/member-calls.ts";
import { reviewCalls } from "../../../test/harness/review-calls.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { sendDirectMessageResponseSchema } from "../../shared/direct-messages.ts";
import {
  NOTIFICATIONS_PAGE,
  notificationsResponseSchema,
  notificationsUnreadSchema,
} from "../../shared/notifications.ts";

/** Issue 30 over HTTP: what notifies whom, grouping, reading, and who may see which entries. */

const t = testAppClosedAfterAll();

const { member, call } = memberCalls(t);
const { review } = reviewCalls(t);

let clientIds = 0;
async function send(from: TestUser, to: TestUser, text = "Hello there") {
  const res = await call(from, "POST", `/api/conversations/with/${to.username}/messages`, {
    text,
    clientId: `notify-${++clientIds}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return sendDirectMessageResponseSchema.parse(res.json()).message;
}

async function unread(user: TestUser): Promise<number> {
  const res = await call(user, "GET", "/api/notifications/unread");
  expect(res.statusCode, res.body).toBe(200);
  return notificationsUnreadSchema.parse(res.json()).unread;
}

async function list(user: TestUser, cursor?: string) {
  const query = cursor ? `?cursor=${cursor}` : "";
  const res = await call(user, "GET", `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return notificationsResponseSchema.parse(res.json());
}

describe("a direct message notifies its recipient", () => {
  it("as a message request first, then grouped per conversation while unread", async () => {
    const [ana, ben] = [await member(), await member()];
    await send(ana, ben, "Can you fix a tap?");
    const first = await list(ben);
    expect(first.notifications).toMatchObject([
      {
        kind: "message-request",
        count: 1,
        actor: { username: ana.username },
        link: `/chatapp?with=${ana.username}`,
        read: false,
      },
    ]);
    await send(ana, ben, "It drips.");
    await send(ana, ben, "Since Monday.");
    const grouped = await list(ben);
    expect(grouped.notifications).toHaveLength(1);
    expect(grouped.notifications[0]).toMatchObject({ count: 3, read: false });
    expect(await unread(ben)).toBe(1);
    // The sender's own action never notifies them.
    expect(await unread(ana)).toBe(0);
    expect((await list(ana)).notifications).toEqual([]);
  });

  it("a reply in an accepted conversation is a message; reading the conversation reads its entry", async () => {
    const [ana, ben] = [await member(), await member()];
    const asked = await send(ana, ben);
    await send(ben, ana, "Sure, when?");
    expect((await list(ana)).notifications[0]).toMatchObject({
      kind: "message",
      actor: { username: ben.username },
    });
    expect(await unread(ana)).toBe(1);
    const read = await call(ana, "POST", `/api/conversations/with/${ben.username}/read`, {
      last_read_id: asked.id + 1,
    });
    expect(read.statusCode, read.body).toBe(204);
    expect(await unread(ana)).toBe(0);
    expect((await list(ana)).notifications[0]).toMatchObject({ read: true, count: 1 });
    // A new message after reading starts a new entry.
    await send(ben, ana, "Tomorrow?");
    const after = await list(ana);
    expect(after.notifications.map((entry) => entry.read)).toEqual([false, true]);
  });

  it("a message from a member the recipient blocked never notifies", async () => {
    const [ana, ben] = [await member(), await member()];
    const blocked = await call(ben, "PUT", `/api/blocks/${ana.username}`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    await send(ana, ben, "Hello?");
    expect(await unread(ben)).toBe(0);
    expect((await list(ben)).notifications).toEqual([]);
  });

  it("an entry from a member blocked afterwards leaves the list and the count", async () => {
    const [ana, ben] = [await member(), await member()];
    await send(ana, ben);
    expect(await unread(ben)).toBe(1);
    expect((await call(ben, "PUT", `/api/blocks/${ana.username}`)).statusCode).toBe(200);
    expect(await unread(ben)).toBe(0);
    expect((await list(ben)).notifications).toEqual([]);
  });
});

describe("reviews and replies", () => {
  it("a review notifies its subject, and the subject's reply notifies the review's author", async () => {
    const [ana, ben] = [await member(), await member()];
    const written = await review(ana, ben);
    expect((await list(ben)).notifications).toMatchObject([
      { kind: "review", actor: { username: ana.username }, link: `/user/${ben.username}#reviews` },
    ]);
    expect(await unread(ana)).toBe(0);
    const replied = await call(ben, "PUT", `/api/reviews/${written.id}/reply`, {
      body: "Thank you, Ana!",
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect((await list(ana)).notifications).toMatchObject([
      {
        kind: "review-reply",
        actor: { username: ben.username },
        link: `/user/${ben.username}#reviews`,
      },
    ]);
    // Editing the reply is no news.
    await call(ben, "PUT", `/api/reviews/${written.id}/reply`, { body: "Thanks again!" });
    expect((await list(ana)).notifications).toMatchObject([{ count: 1 }]);
  });

  it("a review by a member the subject blocked, and a reply by one the author blocked, notify nobody", async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    expect((await call(ben, "PUT", `/api/blocks/${ana.username}`)).statusCode).toBe(200);
    await review(ana, ben);
    expect(await unread(ben)).toBe(0);

    expect((await call(cleo, "PUT", `/api/blocks/${ben.username}`)).statusCode).toBe(200);
    const aboutBen = await review(cleo, ben);
    const replied = await call(ben, "PUT", `/api/reviews/${aboutBen.id}/reply`, { body: "Hm." });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(await unread(cleo)).toBe(0);
  });
});

describe("marking read", () => {
  it("one entry, only the member's own, and then all", async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    await send(ana, cleo);
    await send(ben, cleo);
    const [newest, older] = (await list(cleo)).notifications;
    expect(newest?.actor?.username).toBe(ben.username);
    // Someone else's entry: nothing changes, and nothing says whether it exists.
    const foreign = await call(ana, "POST", `/api/notifications/${newest?.id}/read`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ unread: 0 });
    expect(await unread(cleo)).toBe(2);
    const one = await call(cleo, "POST", `/api/notifications/${older?.id}/read`);
    expect(one.json()).toEqual({ unread: 1 });
    const all = await call(cleo, "POST", "/api/notifications/read-all");
    expect(all.json()).toEqual({ unread: 0 });
    expect((await list(cleo)).notifications.every((entry) => entry.read)).toBe(true);
  });

  it("a bad id is a 400, not a 500", async () => {
    const ana = await member();
    expect((await call(ana, "POST", "/api/notifications/abc/read")).statusCode).toBe(400);
    expect((await call(ana, "POST", "/api/notifications/0/read")).statusCode).toBe(400);
  });
});

describe("a member's data", () => {
  it("the export lists their notifications, settings and saved searches; deleting the account deletes them", async () => {
    const [ana, ben] = [await member(), await member()];
    await send(ana, ben, "Hello Ben");
    const off = await call(ben, "PUT", "/api/notifications/settings", {
      settings: [{ topic: "reviews", channel: "mail", enabled: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const exported = await call(ben, "GET", "/api/me/export");
    expect(exported.statusCode).toBe(200);
    expect(exported.json().notifications).toMatchObject([
      { text: `${ana.username} wants to talk`, link: `/chatapp?with=${ana.username}`, read: false },
    ]);
    const saved = await call(ben, "POST", "/api/saved-searches", {
      q: "piano",
      delivery: "instant",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const withSearch = await call(ben, "GET", "/api/me/export");
    expect(withSearch.json().savedSearches).toMatchObject([{ q: "piano", delivery: "instant" }]);
    expect(exported.json().notificationSettings).toContainEqual({
      topic: "reviews",
      channel: "mail",
      enabled: false,
    });

    const deleted = await call(ben, "DELETE", "/api/me", { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.database.db.execute(
      sql`select (select count(*) from notifications where recipient_id = ${ben.userId})::int as entries,
                 (select count(*) from notification_settings where user_id = ${ben.userId})::int as settings,
                 (select count(*) from saved_searches where user_id = ${ben.userId})::int as searches`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([
      { entries: 0, settings: 0, searches: 0 },
    ]);
  });
});

describe("the list", () => {
  it("pages newest first without gaps or repeats", async () => {
    const ben = await member();
    const senders: TestUser[] = [];
    for (let i = 0; i < NOTIFICATIONS_PAGE + 3; i++) {
      const sender = await member();
      senders.push(sender);
      await send(sender, ben);
    }
    const first = await list(ben);
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(ben, first.nextCursor ?? "");
    expect(second.nextCursor).toBeNull();
    const seen = [...first.notifications, ...second.notifications].map((e) => e.actor?.username);
    expect(seen).toEqual(senders.map((sender) => sender.username).reverse());
  });

  it("a forged cursor is a 400 with a clear message", async () => {
    const ben = await member();
    const res = await call(ben, "GET", "/api/notifications?cursor=bm90LWEtY3Vyc29y");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "This list of notifications is out of date. Please reload it.",
    );
  });

  it("is for members only", async () => {
    expect((await call(undefined, "GET", "/api/notifications")).statusCode).toBe(401);
    expect((await call(undefined, "GET", "/api/notifications/unread")).statusCode).toBe(401);
    expect((await call(undefined, "POST", "/api/notifications/read-all")).statusCode).toBe(401);
  });
});
