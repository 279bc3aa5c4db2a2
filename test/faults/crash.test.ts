import { afterEach, describe, expect, it } from "vitest";
import { messages, posts, profiles, reviews, users } from "../../src/server/db/schema.ts";
import { type ChatTestClient, connectChat, isFrame } from "../harness/chat-test-client.ts";
import { testDatabaseKind } from "../harness/test-database.ts";
import {
  type Account,
  freshStorage,
  requestJson as json,
  signUp,
  startOn,
} from "./server-client.ts";

/**
 * kill -9 of a real server process in the middle of a mixed write load (posts, reviews, profile
 * edits, profile creations, chat messages), then a restart on the same storage: the embedded
 * database's DATA_DIR, or the same PostgreSQL database. Every write the client saw acknowledged is
 * there, and what was not acknowledged is either wholly there or not at all.
 */

const MEMBERS = 4;
const NEWCOMERS = 8;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** What the clients sent and what they saw acknowledged. */
type Ledger = {
  posts: Map<string, { acked: boolean }>;
  bios: Map<string, { lastAcked: string; lastSent: string }>;
  reviews: Map<string, { acked: boolean }>;
  profiles: Map<string, { acked: boolean }>;
  chat: Map<string, { text: string; ackedId: number | null }>;
};

/** A stored post's body is derived from its title, so a torn row would show. */
const postBody = (title: string) => `${title} :: ${"body ".repeat(20)}:: ${title.length}`;

describe(`kill -9 during a mixed write load (${testDatabaseKind})`, () => {
  it("keeps every acknowledged write after a restart on the same storage, and nothing half there", async () => {
    const store = await freshStorage(cleanups);
    const first = await startOn(store, cleanups);
    const members: Account[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signUp(first, `member_${i}`, true));
    const newcomers: Account[] = [];
    for (let i = 0; i < NEWCOMERS; i++) newcomers.push(await signUp(first, `newcomer_${i}`, false));

    const ledger: Ledger = {
      posts: new Map(),
      bios: new Map(),
      reviews: new Map(),
      profiles: new Map(),
      chat: new Map(),
    };
    let crashed = false;
    const acked = (m: Map<string, { acked: boolean }>) =>
      [...m.values()].filter((e) => e.acked).length;
    const chatAckedCount = () => [...ledger.chat.values()].filter((c) => c.ackedId !== null).length;
    const ackedWrites = () => acked(ledger.posts) + chatAckedCount();
    let onCrash = () => {};
    const crash = new Promise<void>((resolve) => {
      onCrash = resolve;
    });
    const until = async (work: () => Promise<boolean>) => {
      // Each client writes one thing at a time, as a person does, until the server is gone.
      while (!crashed) {
        try {
          if (!(await work())) return;
        } catch {
          return;
        }
      }
    };

    const sockets: ChatTestClient[] = [];
    for (const m of members) {
      const socket = await connectChat(first.url, { cookie: m.cookie });
      await socket.waitFor(isFrame("snapshot"));
      sockets.push(socket);
    }
    cleanups.push(() => Promise.all(sockets.map((s) => s.close())));

    const workers = members.flatMap((m, i) => {
      let post = 0;
      let bio = 0;
      let chat = 0;
      const subjects = members.filter((o) => o !== m);
      const socket = sockets[i] as ChatTestClient;
      return [
        until(async () => {
          const title = `${m.username} post ${post++}`;
          ledger.posts.set(title, { acked: false });
          const res = await json(first, "POST", "/api/articles", m.cookie, {
            title,
            topic: "Crash",
            body: postBody(title),
          });
          if (res.status === 201) ledger.posts.set(title, { acked: true });
          return true;
        }),
        until(async () => {
          const text = `${m.username} bio ${bio++}`;
          const entry = ledger.bios.get(m.username) ?? { lastAcked: "", lastSent: "" };
          ledger.bios.set(m.username, { ...entry, lastSent: text });
          const res = await json(first, "PUT", `/api/users/${m.username}`, m.cookie, { bio: text });
          if (res.status === 200) ledger.bios.set(m.username, { lastAcked: text, lastSent: text });
          return true;
        }),
        until(async () => {
          const subject = subjects.shift();
          if (!subject) return false;
          const key = `${m.username}>${subject.username}`;
          ledger.reviews.set(key, { acked: false });
          const res = await json(first, "POST", "/api/reviews", m.cookie, {
            created_about: subject.username,
            title: key,
            body: `review ${key}`,
            rating: 1 + (key.length % 5),
          });
          if (res.status === 201) ledger.reviews.set(key, { acked: true });
          return true;
        }),
        until(async () => {
          const clientId = `${m.username}-${chat++}`;
          const text = `chat ${clientId}`;
          ledger.chat.set(clientId, { text, ackedId: null });
          socket.send({ type: "send", text, clientId });
          const answer = await socket.waitFor(
            (f) => (f.type === "ack" || f.type === "error") && f.clientId === clientId,
            10_000,
          );
          if (answer.type === "ack") {
            ledger.chat.set(clientId, { text, ackedId: answer.message.id });
          } else if (answer.type === "error") {
            // Over the per-user rate: wait as told, then go on.
            const wait = new Promise((r) => setTimeout(r, answer.retryAfterMs ?? 200));
            await Promise.race([wait, crash]);
          }
          return true;
        }),
      ];
    });
    const creations = newcomers.map((n, i) =>
      new Promise((r) => setTimeout(r, i * 120)).then(async () => {
        if (crashed) return;
        ledger.profiles.set(n.username, { acked: false });
        try {
          const res = await json(first, "POST", "/api/users", n.cookie, { username: n.username });
          if (res.status === 201) ledger.profiles.set(n.username, { acked: true });
        } catch {
          // the server died under it
        }
      }),
    );

    // Kill in the middle of the load: writes of every kind under way (a profile creation answered
    // too), and some of the creations (a random number) sent while the others wait their turn.
    const sentCreations = 2 + Math.floor(Math.random() * (NEWCOMERS - 2));
    const underWay = () =>
      ackedWrites() >= 10 && acked(ledger.profiles) >= 1 && ledger.profiles.size >= sentCreations;
    await expect
      .poll(underWay, {
        timeout: 20_000,
        interval: 10,
      })
      .toBe(true);
    first.child.kill("SIGKILL");
    crashed = true;
    onCrash();
    await first.exited;
    await Promise.all([...workers, ...creations]);

    // The same storage, a new process.
    const second = await startOn(store, cleanups);
    const after = await json(second, "POST", "/api/articles", members[0]?.cookie ?? "", {
      title: "after the crash",
      topic: "Crash",
      body: postBody("after the crash"),
    });
    expect(after.status).toBe(201);
    expect(await second.stop("SIGTERM")).toBe(0);

    const database = await store.open();
    cleanups.push(() => database.close());
    const db = database.db;
    const storedPosts = new Map((await db.select().from(posts)).map((a) => [a.title, a] as const));
    for (const [title, { acked }] of ledger.posts) {
      if (acked) expect(storedPosts.has(title), `acknowledged post "${title}"`).toBe(true);
    }
    for (const [title, row] of storedPosts) {
      if (title !== "after the crash") expect(ledger.posts.has(title)).toBe(true);
      expect(row.body).toBe(postBody(title));
    }

    const storedProfiles = new Map(
      (await db.select().from(profiles)).map((p) => [p.username, p] as const),
    );
    for (const [username, { lastAcked, lastSent }] of ledger.bios) {
      expect([lastAcked, lastSent]).toContain(storedProfiles.get(username)?.bio);
    }

    const storedReviews = new Map(
      (await db.select().from(reviews)).map((r) => [r.title, r] as const),
    );
    for (const [key, { acked }] of ledger.reviews) {
      if (acked) expect(storedReviews.has(key), `acknowledged review ${key}`).toBe(true);
    }
    for (const [key, row] of storedReviews) {
      expect(ledger.reviews.has(key)).toBe(true);
      expect(row).toMatchObject({ body: `review ${key}`, rating: 1 + (key.length % 5) });
    }

    // A profile creation is two statements in one transaction: both or neither.
    const identities = new Map((await db.select().from(users)).map((u) => [u.email, u] as const));
    for (const n of newcomers) {
      const profile = storedProfiles.get(n.username);
      if (ledger.profiles.get(n.username)?.acked) expect(profile).toBeDefined();
      expect(identities.get(`${n.username}@example.test`)?.displayName ?? null).toBe(
        profile ? n.username : null,
      );
    }

    const storedMessages = new Map(
      (await db.select().from(messages)).map((m) => [m.clientId, m] as const),
    );
    for (const [clientId, { text, ackedId }] of ledger.chat) {
      if (ackedId !== null) {
        expect(storedMessages.get(clientId), `acknowledged chat message ${clientId}`).toMatchObject(
          {
            id: ackedId,
            text,
          },
        );
      }
    }
    for (const [clientId, row] of storedMessages)
      expect(row.text).toBe(ledger.chat.get(clientId)?.text);

    const chatAcked = chatAckedCount();
    console.info(
      `kill -9 (${testDatabaseKind}): acknowledged ${acked(ledger.posts)} posts, ${acked(ledger.reviews)} reviews, ` +
        `${[...ledger.bios.values()].filter((b) => b.lastAcked).length} members' last bios, ${acked(ledger.profiles)} profiles, ` +
        `${chatAcked} chat messages; all present after the restart`,
    );
    expect(ackedWrites(), "the load wrote nothing before the kill").toBeGreaterThan(0);
  }, 90_000);
});
