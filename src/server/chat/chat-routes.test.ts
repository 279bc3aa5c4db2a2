import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatTestClient,
  type ConnectOptions,
  connectChat,
  isAckOf,
  isErrorOf,
  isFrame,
} from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import { CHAT_RESUME_LIMIT, CHAT_TEXT_MAX, type ChatMessage } from "../../shared/chat.ts";
import { LISTEN_APPLICATION_NAME } from "../db/database.ts";
import { messages, profiles, users } from "../db/schema.ts";
import { insertMessage, lastMessageId } from "./messages-repository.ts";

const clients: ChatTestClient[] = [];
async function connect(url: string, options: ConnectOptions = {}): Promise<ChatTestClient> {
  const client = await connectChat(url, options);
  clients.push(client);
  return client;
}
/** Connects and waits for the first frame (snapshot or resume). */
async function join(url: string, options: ConnectOptions = {}): Promise<ChatTestClient> {
  const client = await connect(url, options);
  await client.waitFor((f) => f.type === "snapshot" || f.type === "resume");
  return client;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The tests below open many sockets from 127.0.0.1; the per-address limits have tests of their own. */
const roomy = { chat: { socketsPerAddress: 10_000, upgradesPerAddressPerMinute: 100_000 } };

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningTestApp(roomy);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

/** Sends and waits for the ack; the stored message. */
async function say(client: ChatTestClient, text: string, clientId: string): Promise<ChatMessage> {
  client.send({ type: "send", text, clientId });
  return (await client.waitFor(isAckOf(clientId))).message;
}

/** A member whose profile has a picture, or whose identity (from Google) has a photo instead. */
async function memberWithPhoto(
  username: string,
  photo: { profile: string } | { identity: string },
) {
  const member = await createSignedInUser(t.app, { username });
  const db = t.database.db;
  if ("profile" in photo) {
    await db
      .update(profiles)
      .set({ imgUrl: photo.profile })
      .where(eq(profiles.userId, member.userId));
  } else {
    await db.update(users).set({ photoUrl: photo.identity }).where(eq(users.id, member.userId));
  }
  return member;
}

function seed(app: ListeningApp, user: TestUser, text: string, clientId: string) {
  return insertMessage(app.database.db, {
    userId: user.userId,
    userName: user.profile?.username ?? "someone",
    userPhotoUrl: null,
    text,
    clientId,
  });
}

describe("connecting", () => {
  it("sends the latest 100 of 150 messages, oldest first, with the public fields only (no user id)", async () => {
    const fresh = await listeningTestApp(roomy);
    try {
      const user = await createSignedInUser(fresh.app, { username: "historian" });
      for (let i = 1; i <= 150; i++) await seed(fresh, user, `message ${i}`, `seed-${i}`);
      const reader = await connect(fresh.url); // signed out: the room is public
      const snapshot = await reader.waitFor(isFrame("snapshot"));
      expect(snapshot.messages.map((m) => m.text)).toEqual(
        Array.from({ length: 100 }, (_, i) => `message ${i + 51}`),
      );
      const ids = snapshot.messages.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const first = snapshot.messages[0];
      expect(Object.keys(first ?? {}).sort()).toEqual(
        ["createdAt", "id", "text", "userName", "userPhotoURL"].sort(),
      );
      const [raw] = reader.rawFrames;
      expect(raw).not.toContain(user.userId);
      expect(raw).not.toContain("userId");
      expect(Object.keys(JSON.parse(raw ?? "{}").messages[0]).sort()).toEqual(
        ["createdAt", "id", "text", "userName", "userPhotoURL"].sort(),
      );
      expect(first).toMatchObject({
        userName: "historian",
        userPhotoURL: null,
      });
      const times = snapshot.messages.map((m) => Date.parse(m.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.abs(Date.now() - (times.at(-1) ?? 0))).toBeLessThan(60_000);
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await fresh.close();
    }
  });

  it("refuses an upgrade from a foreign Origin, even with a valid session cookie", async () => {
    const user = await createSignedInUser(t.app);
    await expect(
      connectChat(t.url, { origin: "https://evil.example", cookie: user.cookie }),
    ).rejects.toThrow("refused with 403");
    await expect(connectChat(t.url, { origin: "http://127.0.0.1:1" })).rejects.toThrow(
      "refused with 403",
    );
    await expect(connectChat(t.url, { origin: null })).rejects.toThrow("refused with 403");
    const own = await join(t.url, { cookie: user.cookie });
    expect(own.socket.readyState).toBe(own.socket.OPEN);
  });

  it("takes PUBLIC_ORIGIN as the own origin behind a proxy", async () => {
    const proxied = await listeningTestApp({ ...roomy, publicOrigin: "https://talents.example" });
    try {
      await expect(connectChat(proxied.url)).rejects.toThrow("refused with 403");
      const client = await join(proxied.url, { origin: "https://talents.example" });
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await proxied.close();
    }
  });

  it("answers a bad resume cursor with 400 before upgrading", async () => {
    await expect(connectChat(`${t.url}`, { after: -1 })).rejects.toThrow("refused with 400");
  });
});

describe("sending", () => {
  it("refuses anonymous senders and users without a profile, and stores nothing", async () => {
    const anonymous = await join(t.url);
    anonymous.send({ type: "send", text: "hello", clientId: "anon-1" });
    expect((await anonymous.waitFor(isErrorOf("anon-1"))).code).toBe("not-signed-in");

    const forged = await join(t.url, { cookie: "ylt_session=forged" });
    forged.send({ type: "send", text: "hello", clientId: "forged-1" });
    expect((await forged.waitFor(isErrorOf("forged-1"))).code).toBe("not-signed-in");

    const newcomer = await createSignedInUser(t.app, { withProfile: false });
    const noProfile = await join(t.url, { cookie: newcomer.cookie });
    noProfile.send({ type: "send", text: "hello", clientId: "np-1" });
    expect((await noProfile.waitFor(isErrorOf("np-1"))).code).toBe("profile-required");

    const stored = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, newcomer.userId));
    expect(stored).toEqual([]);
    expect(anonymous.socket.readyState).toBe(anonymous.socket.OPEN);
  });

  it("stores first, acks the sender and broadcasts to everyone, identity from the session", async () => {
    const ada = await memberWithPhoto("ada_chat", { profile: "https://img.example/ada.png" });
    const a = await join(t.url, { cookie: ada.cookie });
    const b = await join(t.url);

    a.send({
      type: "send",
      text: "  Hello there  ",
      clientId: "hello-1",
      userName: "mallory",
      userId: "someone-else",
    });
    const ack = await a.waitFor(isAckOf("hello-1"));
    expect(ack.message).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      userName: "ada_chat",
      userPhotoURL: "https://img.example/ada.png",
      text: "Hello there",
    });
    expect(Math.abs(Date.parse(ack.message.createdAt) - Date.now())).toBeLessThan(10_000);

    const [row] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, ada.userId), eq(messages.clientId, "hello-1")));
    expect(row?.id).toBe(ack.message.id);
    expect(row?.text).toBe("Hello there");

    const seen = await b.waitFor((f) => f.type === "message" && f.message.id === ack.message.id);
    expect(seen).toEqual({ type: "message", message: ack.message });
    for (const raw of [...a.rawFrames, ...b.rawFrames]) expect(raw).not.toContain(ada.userId);
    // The sender gets the broadcast too (it dedupes by id), but only after its ack.
    const echo = await a.waitFor((f) => f.type === "message" && f.message.id === ack.message.id);
    expect(a.frames.indexOf(ack)).toBeLessThan(a.frames.indexOf(echo));
  });

  it("falls back to the identity's photo when the profile has none", async () => {
    const bob = await memberWithPhoto("bob_photo", { identity: "https://photos.example/bob.jpg" });
    const client = await join(t.url, { cookie: bob.cookie });
    const message = await say(client, "hi", "photo-1");
    expect(message.userPhotoURL).toBe("https://photos.example/bob.jpg");
  });

  it("masks profanity on the server, whole words only, and leaves innocent words alone", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(t.url, { cookie: user.cookie });
    expect((await say(client, "What a load of shit", "p-1")).text).toBe("What a load of ****");
    expect((await say(client, "SHIT and sh1t", "p-2")).text).toBe("**** and ****");
    expect((await say(client, "Du Arschloch, quel connard", "p-3")).text).toBe(
      "Du *********, quel *******",
    );
    const innocent = "Scunthorpe assessment: class skill";
    expect((await say(client, innocent, "p-4")).text).toBe(innocent);
    const [row] = await t.database.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.userId, user.userId), eq(messages.clientId, "p-1")));
    expect(row?.text).toBe("What a load of ****");
  });

  it("accepts 2,000 characters, refuses 2,001 and blank text, and keeps the connection", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(t.url, { cookie: user.cookie });
    const longest = "a".repeat(CHAT_TEXT_MAX);
    expect((await say(client, `  ${longest}  `, "len-ok")).text).toBe(longest);

    client.send({ type: "send", text: "a".repeat(CHAT_TEXT_MAX + 1), clientId: "len-2001" });
    const tooLong = await client.waitFor(isErrorOf("len-2001"));
    expect(tooLong.code).toBe("invalid-text");
    expect(tooLong.message).toBe("A message has at most 2000 characters.");

    client.send({ type: "send", text: " \n\t ", clientId: "blank" });
    expect((await client.waitFor(isErrorOf("blank"))).code).toBe("invalid-text");

    client.send({ type: "ping" });
    await client.waitFor(isFrame("pong"));
    const rows = await t.database.db
      .select({ clientId: messages.clientId })
      .from(messages)
      .where(eq(messages.userId, user.userId));
    expect(rows.map((r) => r.clientId)).toEqual(["len-ok"]);
  });

  it("refuses text that is empty without its invisible characters and removes bidi controls", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(t.url, { cookie: user.cookie });
    client.send({
      type: "send",
      text: "\u200B\u200D\uFEFF\u2060 \u202E\u2066",
      clientId: "invisible",
    });
    const refused = await client.waitFor(isErrorOf("invisible"));
    expect(refused).toMatchObject({ code: "invalid-text", message: "Write a message first." });

    const stored = await say(client, "abc\u202Edef\u2067 ghi\u2069 \u061Cjkl", "bidi");
    expect(stored.text).toBe("abcdef ghi jkl");
    // Joiners stay where they join: an emoji family is one picture.
    expect((await say(client, "👨\u200D👩\u200D👧", "family")).text).toBe("👨\u200D👩\u200D👧");
    const rows = await t.database.db
      .select({ clientId: messages.clientId, text: messages.text })
      .from(messages)
      .where(eq(messages.userId, user.userId))
      .orderBy(asc(messages.id));
    expect(rows).toEqual([
      { clientId: "bidi", text: "abcdef ghi jkl" },
      { clientId: "family", text: "👨\u200D👩\u200D👧" },
    ]);
  });

  it("answers malformed frames with an error frame and keeps the connection", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(t.url, { cookie: user.cookie });
    const bad: [string | Buffer, boolean][] = [
      ["not json", false],
      ["null", false],
      ["[1,2]", false],
      [JSON.stringify({ type: "shout", text: "hi" }), false],
      [JSON.stringify({ type: "send", text: "hi" }), false],
      [JSON.stringify({ type: "send", text: 42, clientId: "x" }), false],
      [JSON.stringify({ type: "send", text: "hi", clientId: "has spaces!" }), false],
      [Buffer.from(JSON.stringify({ type: "ping" })), true],
    ];
    for (const [data, binary] of bad) client.sendRaw(data, binary);
    await client.waitFor(
      () => client.frames.filter((f) => f.type === "error").length === bad.length,
    );
    const errors = client.frames.filter(isFrame("error"));
    expect(errors.map((e) => e.code)).toEqual([
      "invalid-frame",
      "invalid-frame",
      "invalid-frame",
      "invalid-frame",
      "invalid-frame",
      "invalid-text",
      "invalid-frame",
      "invalid-frame",
    ]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    expect((await say(client, "still here", "after-bad")).text).toBe("still here");
  });

  it("closes the connection on a frame over the size limit (1009)", async () => {
    const client = await join(t.url);
    client.sendRaw("x".repeat(20 * 1024));
    expect((await client.closed).code).toBe(1009);
  });

  it("closes a connection that floods frames faster than they are answered (1008)", async () => {
    const client = await join(t.url);
    for (let i = 0; i < 1000; i++) client.send({ type: "ping" });
    expect((await client.closed).code).toBe(1008);
  });

  it("limits each user to 10 messages per 10 seconds, still acknowledging resends", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(t.url, { cookie: user.cookie });
    const stored: ChatMessage[] = [];
    for (let i = 1; i <= 10; i++) stored.push(await say(client, `burst ${i}`, `burst-${i}`));
    client.send({ type: "send", text: "one too many", clientId: "burst-11" });
    const limited = await client.waitFor(isErrorOf("burst-11"));
    expect(limited.code).toBe("too-many-requests");
    expect(limited.retryAfterMs).toBeGreaterThan(0);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(10_000);

    // A resend of an already stored message is acknowledged with the stored one.
    expect(await say(client, "burst 3", "burst-3")).toEqual(stored[2]);
    // The limit is per user, not per connection.
    const second = await join(t.url, { cookie: user.cookie });
    second.send({ type: "send", text: "other tab", clientId: "burst-12" });
    expect((await second.waitFor(isErrorOf("burst-12"))).code).toBe("too-many-requests");
    // Others are not affected.
    const other = await createSignedInUser(t.app);
    const otherClient = await join(t.url, { cookie: other.cookie });
    expect((await say(otherClient, "my turn", "other-1")).text).toBe("my turn");

    const rows = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.userId, user.userId));
    expect(rows).toHaveLength(10);
  });

  it("stores a resend with the same clientId once and broadcasts it once", async () => {
    const user = await createSignedInUser(t.app);
    const sender = await join(t.url, { cookie: user.cookie });
    const reader = await join(t.url);
    const first = await say(sender, "only once", "dup-1");
    const again = await say(sender, "only once", "dup-1");
    expect(again).toEqual(first);
    // A resend from another connection (after a reconnect) is the same message too.
    const reconnected = await join(t.url, { cookie: user.cookie });
    expect(await say(reconnected, "only once, edited", "dup-1")).toEqual(first);

    // Messages arrive in order, so once a later one is in, a duplicate would have shown.
    const marker = await say(sender, "marker", "dup-marker");
    await reader.waitFor((f) => f.type === "message" && f.message.id === marker.id);
    expect(reader.messages().filter((m) => m.id === first.id)).toHaveLength(1);
    const rows = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, user.userId), eq(messages.clientId, "dup-1")));
    expect(rows).toHaveLength(1);
  });
});

describe("resume", () => {
  it("after a disconnect delivers exactly what was missed, in order, then live", async () => {
    const user = await createSignedInUser(t.app);
    const sender = await join(t.url, { cookie: user.cookie });
    const reader = await join(t.url);
    const r1 = await say(sender, "r1", "resume-1");
    await reader.waitFor((f) => f.type === "message" && f.message.id === r1.id);
    const lastSeen = Math.max(...reader.messages().map((m) => m.id));
    await reader.close();

    const missed = [
      await say(sender, "r2", "resume-2"),
      await say(sender, "r3", "resume-3"),
      await say(sender, "r4", "resume-4"),
    ];
    const back = await connect(t.url, { after: lastSeen });
    const resume = await back.waitFor(isFrame("resume"));
    expect(resume.messages).toEqual(missed);

    const r5 = await say(sender, "r5", "resume-5");
    await back.waitFor((f) => f.type === "message" && f.message.id === r5.id);
    expect(back.messages().map((m) => m.text)).toEqual(["r2", "r3", "r4", "r5"]);
  });

  it("sends a fresh snapshot when more than the resume bound was missed", async () => {
    const user = await createSignedInUser(t.app);
    const before = await lastMessageId(t.database.db);
    for (let i = 0; i <= CHAT_RESUME_LIMIT; i++) await seed(t, user, `bulk ${i}`, `bulk-${i}`);
    const client = await connect(t.url, { after: before });
    const first = await client.waitFor((f) => f.type === "snapshot" || f.type === "resume");
    expect(first.type).toBe("snapshot");
    if (first.type !== "snapshot") return;
    expect(first.messages).toHaveLength(100);
    expect(first.messages.at(-1)?.text).toBe(`bulk ${CHAT_RESUME_LIMIT}`);
  });

  it("loses and repeats nothing while senders write and a reader keeps reconnecting", async () => {
    const start = await lastMessageId(t.database.db);
    const senders = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const user = await createSignedInUser(t.app);
        return join(t.url, { cookie: user.cookie });
      }),
    );
    const perSender = 10;
    const writing = Promise.all(
      senders.map(async (sender, s) => {
        for (let i = 0; i < perSender; i++) {
          await say(sender, `s${s}-${i}`, `churn-${s}-${i}`);
          await sleep(Math.random() * 20);
        }
      }),
    );

    const received: ChatMessage[] = [];
    let after = start;
    let writingDone = false;
    void writing.then(() => {
      writingDone = true;
    });
    let reconnects = 0;
    while (!writingDone || reconnects < 8) {
      reconnects++;
      const reader = await connect(t.url, { after });
      await sleep(Math.random() * 20);
      await reader.close();
      const got = reader.messages();
      received.push(...got);
      after = got.at(-1)?.id ?? after;
    }
    await writing;
    const last = await connect(t.url, { after });
    const total = senders.length * perSender;
    await last.waitFor(() => received.length + last.messages().length >= total, 5_000);
    received.push(...last.messages());

    const stored = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(gt(messages.id, start))
      .orderBy(asc(messages.id));
    expect(stored).toHaveLength(total);
    expect(received.map((m) => m.id)).toEqual(stored.map((r) => r.id));
  });
});

describe("connection health", () => {
  it("heartbeats cut a socket that stops answering pings and keep the others", async () => {
    const live = t.app.live.sockets;
    const silent = await join(t.url, { autoPong: false });
    const lively = await join(t.url);
    // Wait for the lively client's pong to reach the server (the hub's own listener came first).
    const ponged = new Promise((resolve) => {
      for (const socket of t.app.websocketServer.clients) socket.once("pong", resolve);
    });
    live.sweep();
    await ponged;
    live.sweep();
    expect((await silent.closed).code).toBe(1006);
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
    lively.send({ type: "ping" });
    await lively.waitFor(isFrame("pong"));
  });

  it("closes sockets with 1001 'going away' when the app shuts down", async () => {
    const app = await listeningTestApp(roomy);
    const user = await createSignedInUser(app.app);
    const a = await connectChat(app.url, { cookie: user.cookie });
    const b = await connectChat(app.url);
    await a.waitFor(isFrame("snapshot"));
    const started = Date.now();
    await app.close();
    expect(await a.closed).toEqual({ code: 1001, reason: "going away" });
    expect((await b.closed).code).toBe(1001);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("LISTEN connection lost", () => {
  it("reconnects, catches up on what was stored meanwhile and goes on live", async () => {
    const user = await createSignedInUser(t.app);
    const reader = await join(t.url);
    const sender = await join(t.url, { cookie: user.cookie });
    const killed = (await t.database.db.execute(
      sql`select pg_terminate_backend(pid) as gone from pg_stat_activity
          where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    )) as unknown as { rows: unknown[] };
    expect(killed.rows.length).toBeGreaterThan(0);
    // Stored while nobody listens (as another instance would): their notifications are lost.
    const meanwhile = [
      await seed(t, user, "while away 1", "away-1"),
      await seed(t, user, "while away 2", "away-2"),
    ].map((r) => r.message);
    for (const message of meanwhile) {
      await reader.waitFor((f) => f.type === "message" && f.message.id === message.id, 10_000);
    }
    const live = await say(sender, "live again", "away-3");
    await reader.waitFor((f) => f.type === "message" && f.message.id === live.id, 10_000);
    const ids = reader.messages().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
