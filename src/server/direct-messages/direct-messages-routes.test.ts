import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { memberCalls } from "../../../test/harness/member-calls.ts";
import { makeEstablished } from "../../../test/harness/moderators.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { DirectMessage } from "../../shared/direct-message.ts";
import {
  conversationPageResponseSchema,
  conversationsResponseSchema,
  sendDirectMessageResponseSchema,
} from "../../shared/direct-messages.ts";
import { hashPassword } from "../auth/index.ts";
import {
  conversationMembers,
  conversations,
  directMessages,
  profiles,
  users,
} from "../db/schema.ts";

/** Issue 17 over HTTP: who may read and write a conversation, and what each member sees. */

const t = testAppClosedAfterAll();

const { member, call } = memberCalls(t);

const withPath = (other: TestUser | string) =>
  `/api/conversations/with/${typeof other === "string" ? other : other.username}`;

let clientIds = 0;
const nextClientId = () => `route-${++clientIds}`;

async function send(
  from: TestUser,
  to: TestUser,
  text: string,
  clientId = nextClientId(),
): Promise<DirectMessage> {
  const res = await call(from, "POST", `${withPath(to)}/messages`, { text, clientId });
  expect(res.statusCode, res.body).toBe(201);
  return sendDirectMessageResponseSchema.parse(res.json()).message;
}

/** A page of `user`'s conversation list (GET /api/conversations?limit=&cursor=). */
async function listPage(user: TestUser, query = "") {
  const res = await call(user, "GET", `/api/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return conversationsResponseSchema.parse(res.json());
}

/** The first page of `user`'s conversations (20: more than any test here has, but the paging's). */
const list = async (user: TestUser) => (await listPage(user)).conversations;

/** Every page of `user`'s list, `limit` a page, as the usernames of each page. */
async function allPages(user: TestUser, limit: number, between?: () => Promise<unknown>) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const page = await listPage(user, query);
    pages.push(page.conversations.map((c) => c.with.username));
    cursor = page.nextCursor;
    if (pages.length === 1) await between?.();
  } while (cursor !== null && pages.length < 50);
  return pages;
}

async function unread(user: TestUser): Promise<number> {
  const res = await call(user, "GET", "/api/conversations/unread");
  expect(res.statusCode).toBe(200);
  return res.json().total;
}

async function page(user: TestUser, other: TestUser, before?: number) {
  const res = await call(user, "GET", `${withPath(other)}${before ? `?before=${before}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return conversationPageResponseSchema.parse(res.json());
}

const texts = (messages: DirectMessage[]) => messages.map((m) => m.text);
const block = (blocker: TestUser, blocked: TestUser, method: "PUT" | "DELETE" = "PUT") =>
  call(blocker, method, `/api/blocks/${blocked.username}`);

describe("who may call the direct message endpoints", () => {
  it("answers 401 signed out, 403 without a profile, 404 for unknown or hidden members, 403 for oneself", async () => {
    const [me, hidden] = [await member(), await member()];
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    await t.database.db
      .update(profiles)
      .set({ hiddenAt: new Date() })
      .where(eq(profiles.userId, hidden.userId));
    const endpoints = (other: string) =>
      [
        ["GET", withPath(other)],
        ["POST", `${withPath(other)}/messages`, { text: "hi", clientId: nextClientId() }],
        ["POST", `${withPath(other)}/read`, { last_read_id: 1 }],
        ["POST", `${withPath(other)}/accept`],
        ["POST", `${withPath(other)}/decline`],
      ] as const;
    const everyEndpoint = (other: string) => [
      ["GET", "/api/conversations"] as const,
      ["GET", "/api/conversations/unread"] as const,
      ...endpoints(other),
    ];
    for (const [method, url, payload] of everyEndpoint(hidden.username)) {
      const signedOut = await call(undefined, method, url, payload);
      expect(signedOut.statusCode, url).toBe(401);
      expect(signedOut.json().error.code).toBe("not-signed-in");
      const early = await call(noProfile, method, url, payload);
      expect(early.statusCode, url).toBe(403);
      expect(early.json().error.code).toBe("profile-required");
    }
    for (const other of ["nobody_here", hidden.username]) {
      for (const [method, url, payload] of endpoints(other)) {
        const res = await call(me, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error).toEqual({
          code: "not-found",
          message: `There is no user named "${other}".`,
        });
      }
    }
    for (const [method, url, payload] of endpoints(me.username.toUpperCase())) {
      const res = await call(me, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({
        code: "forbidden",
        message: "You can't message yourself.",
      });
    }
    // Nothing was written by any of it.
    expect(await t.database.db.$count(directMessages, eq(directMessages.senderId, me.userId))).toBe(
      0,
    );
  });

  it("has no conversation-id paths to guess", async () => {
    const [ana, ben] = [await member(), await member()];
    const sent = await send(ana, ben, "private");
    for (const url of [
      `/api/conversations/${sent.conversation_id}`,
      `/api/conversations/${sent.conversation_id}/messages`,
    ]) {
      expect((await call(ana, "GET", url)).statusCode).toBe(404);
    }
  });

  it("answers 404 for read, accept and decline before a conversation exists", async () => {
    const [ana, ben] = [await member(), await member()];
    expect(await page(ana, ben)).toEqual({ conversation: null, messages: [], next_before: null });
    for (const [action, payload] of [
      ["read", { last_read_id: 1 }],
      ["accept", undefined],
      ["decline", undefined],
    ] as const) {
      const res = await call(ana, "POST", `${withPath(ben)}/${action}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("There is no conversation with this member yet.");
    }
  });
});

describe("a conversation", () => {
  it("starts with the first message: open for the sender, a request for the recipient; a reply opens it", async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await send(ana, ben, "  Hello Ben, is the bike still for sale?  ");
    expect(first).toEqual({
      id: expect.any(Number),
      conversation_id: expect.any(Number),
      sender: ana.username,
      text: "Hello Ben, is the bike still for sale?",
      created_at: expect.any(String),
    });
    expect(await list(ana)).toEqual([
      {
        id: first.conversation_id,
        with: { username: ben.username, img_url: null },
        status: "open",
        last_message: first,
        unread: 0,
        last_read_id: 0,
        // Issue 34: when it started, and from no post (conversation-origin.test.ts has those).
        started_at: expect.any(String),
        origin_post: null,
      },
    ]);
    expect(await list(ben)).toMatchObject([
      { with: { username: ana.username }, status: "request", last_message: first, unread: 1 },
    ]);
    expect([await unread(ana), await unread(ben)]).toEqual([0, 1]);

    const reply = await send(ben, ana, "Yes it is.");
    expect(reply.conversation_id).toBe(first.conversation_id);
    expect(await list(ben)).toMatchObject([{ status: "open", last_message: reply, unread: 1 }]);
    expect(await list(ana)).toMatchObject([{ status: "open", last_message: reply, unread: 1 }]);
    const both = [await page(ana, ben), await page(ben, ana)];
    for (const seen of both) {
      expect(texts(seen.messages)).toEqual([
        "Hello Ben, is the bike still for sale?",
        "Yes it is.",
      ]);
      expect(seen.next_before).toBeNull();
    }
    expect(both[0]?.conversation).toMatchObject({ with: { username: ben.username } });
    expect(both[1]?.conversation).toMatchObject({ with: { username: ana.username } });
    // One conversation per pair, user_lo < user_hi, two member rows.
    const [row] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.conversation_id));
    expect(row && row.userLo < row.userHi).toBe(true);
    expect(row?.startedBy).toBe(ana.userId);
    expect(
      await t.database.db.$count(
        conversationMembers,
        eq(conversationMembers.conversationId, first.conversation_id),
      ),
    ).toBe(2);
  });

  it("lists the most recent conversation first, and is masked by the room's profanity filter", async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    await send(ben, ana, "first");
    await send(cleo, ana, "second");
    expect((await list(ana)).map((c) => c.with.username)).toEqual([cleo.username, ben.username]);
    await send(ana, ben, "shit happens");
    const listed = await list(ana);
    expect(listed.map((c) => c.with.username)).toEqual([ben.username, cleo.username]);
    expect(listed[0]?.last_message?.text).toBe("**** happens");
  });

  it("accept opens a request; decline hides it, later messages stay invisible, writing again reopens", async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    await send(ana, ben, "hello");
    expect((await call(ben, "POST", `${withPath(ana)}/accept`)).statusCode).toBe(204);
    expect(await list(ben)).toMatchObject([{ status: "open", unread: 1 }]);

    await send(cleo, ben, "buy my stuff");
    expect((await list(ben)).map((c) => c.with.username)).toEqual([cleo.username, ana.username]);
    expect(await unread(ben)).toBe(2);
    expect((await call(ben, "POST", `${withPath(cleo)}/decline`)).statusCode).toBe(204);
    expect((await list(ben)).map((c) => c.with.username)).toEqual([ana.username]);
    expect(await unread(ben)).toBe(1);

    // The sender notices nothing; the decliner never sees what came after.
    const later = await send(cleo, ben, "did you get my message?");
    expect(texts((await page(cleo, ben)).messages)).toEqual([
      "buy my stuff",
      "did you get my message?",
    ]);
    expect(await list(cleo)).toMatchObject([{ status: "open", last_message: later }]);
    expect((await list(ben)).map((c) => c.with.username)).toEqual([ana.username]);
    expect(await unread(ben)).toBe(1);
    const declined = await page(ben, cleo);
    expect(texts(declined.messages)).toEqual(["buy my stuff"]);
    expect(declined.conversation?.status).toBe("request");

    // Writing again reopens it; what came while it was declined stays out.
    await send(ben, cleo, "sorry, who are you?");
    expect(await list(ben)).toMatchObject([
      { with: { username: cleo.username }, status: "open" },
      { with: { username: ana.username } },
    ]);
    expect(texts((await page(ben, cleo)).messages)).toEqual([
      "buy my stuff",
      "sorry, who are you?",
    ]);
  });

  it("is read only by its two members: a third sees nothing of it", async () => {
    const [ana, ben, eve] = [await member(), await member(), await member()];
    await send(ana, ben, "our secret");
    expect(await list(eve)).toEqual([]);
    expect(await unread(eve)).toBe(0);
    for (const other of [ana, ben]) {
      expect(await page(eve, other)).toEqual({
        conversation: null,
        messages: [],
        next_before: null,
      });
      for (const action of ["accept", "decline"]) {
        expect((await call(eve, "POST", `${withPath(other)}/${action}`)).statusCode).toBe(404);
      }
    }
    // Eve's own conversation with Ana is another one.
    await send(eve, ana, "hi ana");
    expect(texts((await page(eve, ana)).messages)).toEqual(["hi ana"]);
  });
});

describe("the conversation list's pages", () => {
  it("pages with limit and cursor, most recent first, each conversation once even when one moves to the top meanwhile", async () => {
    const ana = await member();
    const others = [await member(), await member(), await member(), await member(), await member()];
    for (const other of others) await send(other, ana, `hello from ${other.username}`);
    const newestFirst = others.map((o) => o.username).reverse();
    expect(await allPages(ana, 2)).toEqual([
      newestFirst.slice(0, 2),
      newestFirst.slice(2, 4),
      newestFirst.slice(4),
    ]);
    expect(await allPages(ana, 5)).toEqual([newestFirst]);
    const [, , , , newest] = others as [TestUser, TestUser, TestUser, TestUser, TestUser];
    // A new message after the first page moves that conversation up, never into a later page.
    const pages = await allPages(ana, 2, () => send(newest, ana, "me again"));
    expect(pages.flat()).toEqual(newestFirst);
    expect((await list(ana)).map((c) => c.with.username)).toEqual(newestFirst);
  });

  it("counts unread over every page, not only the first, and lists none with a blocked or hidden member", async () => {
    const ana = await member();
    const senders: TestUser[] = [];
    for (let i = 0; i < 22; i++) senders.push(await member());
    for (const sender of senders) await send(sender, ana, "hi");
    const first = await listPage(ana);
    expect(first.conversations).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    expect(await unread(ana)).toBe(22);

    const [blocked, hidden] = senders as [TestUser, TestUser];
    expect((await block(ana, blocked)).statusCode).toBe(200);
    await t.database.db
      .update(profiles)
      .set({ hiddenAt: new Date() })
      .where(eq(profiles.userId, hidden.userId));
    expect(await unread(ana)).toBe(20);
    const listed = (await allPages(ana, 7)).flat();
    expect(listed).toHaveLength(20);
    expect(listed).not.toContain(blocked.username);
    expect(listed).not.toContain(hidden.username);
  });

  it("lists only the viewer's own conversations, whatever the cursor", async () => {
    const [ana, ben, cleo, eve] = [await member(), await member(), await member(), await member()];
    await send(ben, ana, "one");
    await send(cleo, ana, "two");
    const { nextCursor } = await listPage(ana, "?limit=1");
    expect(nextCursor).not.toBeNull();
    expect(await listPage(eve, `?cursor=${nextCursor}`)).toEqual({
      conversations: [],
      nextCursor: null,
    });
    expect(await allPages(ben, 1)).toEqual([[ana.username]]);
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=51", "limit"],
    ["?limit=two", "limit"],
    ["?cursor=not-a-cursor", "cursor"],
    [`?cursor=${Buffer.from("dm|0").toString("base64url")}`, "cursor"],
    [`?cursor=${"a".repeat(201)}`, "cursor"],
  ])("refuses %s with 400 naming %s", async (query, field) => {
    const ana = await member();
    const res = await call(ana, "GET", `/api/conversations${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });
});

describe("blocks", () => {
  it("withholds a blocked member's messages silently, refuses the blocker's, drops the conversation from the blocker's list", async () => {
    const [ana, pest] = [await member(), await member()];
    await send(pest, ana, "hello there");
    expect(await unread(ana)).toBe(1);
    expect((await block(ana, pest)).statusCode).toBe(200);
    expect(await list(ana)).toEqual([]);
    expect(await unread(ana)).toBe(0);

    // The blocked member is told nothing: 201, and the message is theirs to see.
    const withheld = await send(pest, ana, "why don't you answer");
    expect(texts((await page(pest, ana)).messages)).toEqual([
      "hello there",
      "why don't you answer",
    ]);
    expect(await list(pest)).toMatchObject([{ last_message: withheld }]);
    expect(texts((await page(ana, pest)).messages)).toEqual(["hello there"]);

    const refused = await call(ana, "POST", `${withPath(pest)}/messages`, {
      text: "stop it",
      clientId: nextClientId(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "forbidden",
      message: "You blocked this member. Unblock them to send a message.",
    });

    // After unblocking, what was withheld stays withheld; new messages arrive.
    expect((await block(ana, pest, "DELETE")).statusCode).toBe(200);
    await send(pest, ana, "back again");
    expect(texts((await page(ana, pest)).messages)).toEqual(["hello there", "back again"]);
    expect(await list(ana)).toMatchObject([{ unread: 2 }]);
  });

  it("a first message to a member who blocked the sender starts nothing for them", async () => {
    const [ana, pest] = [await member(), await member()];
    expect((await block(ana, pest)).statusCode).toBe(200);
    await send(pest, ana, "hi");
    expect(await list(pest)).toMatchObject([{ with: { username: ana.username } }]);
    expect(await list(ana)).toEqual([]);
    expect((await block(ana, pest, "DELETE")).statusCode).toBe(200);
    expect(await list(ana)).toEqual([]);
    expect(await unread(ana)).toBe(0);
  });
});

describe("sending", () => {
  it("stores a resend of the same clientId once and answers it 200 with the stored message", async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await send(ana, ben, "once", "same-id");
    const again = await call(ana, "POST", `${withPath(ben)}/messages`, {
      text: "once",
      clientId: "same-id",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: first });
    expect(
      await t.database.db.$count(
        directMessages,
        and(eq(directMessages.senderId, ana.userId), eq(directMessages.clientId, "same-id")),
      ),
    ).toBe(1);
  });

  it("refuses text that is empty, too long or holds NUL with 400", async () => {
    const [ana, ben] = [await member(), await member()];
    for (const text of ["   ", "x".repeat(2001), "a\u0000b"]) {
      const res = await call(ana, "POST", `${withPath(ben)}/messages`, {
        text,
        clientId: nextClientId(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid-input");
    }
    expect(await list(ana)).toEqual([]);
  });

  it("limits new conversations per day: 429 with Retry-After, nothing stored", async () => {
    const starter = await member();
    for (let i = 0; i < 3; i++) await send(starter, await member(), `hello ${i}`);
    const res = await call(starter, "POST", `${withPath(await member())}/messages`, {
      text: "one too many",
      clientId: nextClientId(),
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(res.json().error).toEqual({
      code: "too-many-requests",
      message:
        "You have started 3 conversations in the last day. You can start another in 24 hours. New accounts have lower limits on their first day.",
    });
    expect(
      await t.database.db.$count(conversations, eq(conversations.startedBy, starter.userId)),
    ).toBe(3);
    expect(texts((await list(starter)).flatMap((c) => c.last_message ?? []))).not.toContain(
      "one too many",
    );
  });

  it("limits messages per minute, and a resend of a stored one is answered 200 and not counted", async () => {
    const [ana, ben] = [await member(), await member()];
    await makeEstablished(t.database.db, ana.userId);
    const first = await send(ana, ben, "message 0", "limit-0");
    for (let i = 1; i < 30; i++) await send(ana, ben, `message ${i}`);
    // At the limit: a resend is still the stored message.
    const resend = await call(ana, "POST", `${withPath(ben)}/messages`, {
      text: "message 0",
      clientId: "limit-0",
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toEqual(first);
    const refused = await call(ana, "POST", `${withPath(ben)}/messages`, {
      text: "message 30",
      clientId: nextClientId(),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^You have sent 30 direct messages in the last minute\. You can send again in (\d+ seconds?|1 minute)\.$/,
    );
    expect(
      await t.database.db.$count(directMessages, eq(directMessages.senderId, ana.userId)),
    ).toBe(30);
  });
});

describe("reading", () => {
  it("moves the read marker only forward, never past the last message, and counts unread from it", async () => {
    const [ana, ben] = [await member(), await member()];
    const one = await send(ana, ben, "one");
    const two = await send(ana, ben, "two");
    await send(ana, ben, "three");
    expect(await unread(ben)).toBe(3);
    const read = (id: number) => call(ben, "POST", `${withPath(ana)}/read`, { last_read_id: id });
    expect((await read(two.id)).statusCode).toBe(204);
    expect(await list(ben)).toMatchObject([{ unread: 1, last_read_id: two.id }]);
    expect((await read(one.id)).statusCode).toBe(204);
    expect(await list(ben)).toMatchObject([{ unread: 1, last_read_id: two.id }]);
    expect((await read(Number.MAX_SAFE_INTEGER)).statusCode).toBe(204);
    const [all] = await list(ben);
    expect(all).toMatchObject({ unread: 0, last_read_id: all?.last_message?.id });
    expect(await unread(ben)).toBe(0);
    // Their own messages never count as unread for the sender.
    expect(await unread(ana)).toBe(0);
    expect(
      (await call(ben, "POST", `${withPath(ana)}/read`, { last_read_id: -1 })).statusCode,
    ).toBe(400);
  });

  it("pages back 50 messages at a time, oldest first", async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await send(ana, ben, "message 0");
    await t.database.db.insert(directMessages).values(
      Array.from({ length: 59 }, (_, i) => ({
        conversationId: first.conversation_id,
        senderId: i % 2 ? ana.userId : ben.userId,
        text: `message ${i + 1}`,
        clientId: `page-${i}`,
      })),
    );
    const latest = await page(ben, ana);
    expect(texts(latest.messages)).toEqual(
      Array.from({ length: 50 }, (_, i) => `message ${i + 10}`),
    );
    expect(latest.next_before).toBe(latest.messages[0]?.id);
    const older = await page(ben, ana, latest.next_before ?? 0);
    expect(texts(older.messages)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i}`));
    expect(older.next_before).toBeNull();
  });

  it("shows a message moderators hid only to its sender, marked, and never counts it", async () => {
    const [ana, ben] = [await member(), await member()];
    await send(ana, ben, "fine");
    const bad = await send(ana, ben, "bad");
    await t.database.db
      .update(directMessages)
      .set({ hiddenAt: new Date() })
      .where(eq(directMessages.id, bad.id));
    expect((await page(ana, ben)).messages.at(-1)).toEqual({ ...bad, hidden: true });
    expect(texts((await page(ben, ana)).messages)).toEqual(["fine"]);
    expect(await list(ben)).toMatchObject([{ unread: 1, last_message: { text: "fine" } }]);
  });
});

describe("account deletion", () => {
  it("removes the member's conversations and their messages", async () => {
    const [ana, ben] = [await member(), await member()];
    const sent = await send(ana, ben, "hello");
    await send(ben, ana, "hi");
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword("Kettle-Mango-42") })
      .where(eq(users.id, ana.userId));
    const deleted = await call(ana, "DELETE", "/api/me", { password: "Kettle-Mango-42" });
    expect(deleted.statusCode).toBe(204);
    expect(await list(ben)).toEqual([]);
    const left = await t.database.db.execute(
      sql`select (select count(*) from conversations where id = ${sent.conversation_id})::int as c, (select count(*) from direct_messages where conversation_id = ${sent.conversation_id})::int as m`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ c: 0, m: 0 }]);
  });
});
