import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_GOING_AWAY } from "../src/shared/chat.ts";
import { type ChatTestClient, connectChat, isAckOf } from "./harness/chat-test-client.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "./harness/server-process.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from "./harness/test-database.ts";

/**
 * The deployment of compose.yaml without Docker: two app processes on two ports and one
 * PostgreSQL (a fresh database), with a client on each. Whatever one instance writes (accounts,
 * sessions, posts, failed sign-ins, chat messages) the other one serves: nothing lives in one
 * process's memory that a client would miss when a proxy sends it to the other instance.
 * (chat-processes.test.ts covers chat fan-out between instances with seeded sessions; this covers
 * HTTP, sessions made by a real sign-in, and fail-over of a chat client when an instance stops.)
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON of several endpoints, read by the assertions
type Answer = { status: number; body: any; cookie: string | undefined };

/** A client of one instance: JSON over fetch, with the session cookie it was given, if any. */
function httpClient(server: ServerProcess) {
  let cookie: string | undefined;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("ylt_session="));
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      cookie: setCookie?.split(";")[0],
    };
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}
type HttpClient = ReturnType<typeof httpClient>;

let testDb: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
const sockets: ChatTestClient[] = [];

async function start(url: string): Promise<ServerProcess> {
  const server = startServer({ PORT: String(await freePort()), DATABASE_URL: url });
  await waitForHealthy(server);
  return server;
}

async function connect(server: ServerProcess, options: Parameters<typeof connectChat>[1] = {}) {
  const client = await connectChat(server.url, options);
  sockets.push(client);
  await client.waitFor((f) => f.type === "snapshot" || f.type === "resume", 10_000);
  return client;
}

describe.skipIf(testDatabaseKind !== "postgres")("two app processes on one PostgreSQL", () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    // Both start at once: the migrations take turns through the advisory lock.
    [a, b] = await Promise.all([start(testDb.url ?? ""), start(testDb.url ?? "")]);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    await Promise.all([a, b].filter(Boolean).map((s) => s.stop("SIGKILL")));
    await testDb?.drop();
  });

  const newEmail = () => `topo-${randomBytes(4).toString("hex")}@example.test`;
  const newUsername = () => `topo_${randomBytes(3).toString("hex")}`;

  /** Registers a new account through `client`, which keeps its session, and creates its profile. */
  async function newMemberThrough(client: HttpClient, password: string) {
    const registered = await client.call("POST", "/api/auth/register", {
      email: newEmail(),
      password,
    });
    client.cookie = registered.cookie;
    const username = newUsername();
    await client.call("POST", "/api/users", { username, skills: [], interests: [] });
    return { cookie: registered.cookie, username };
  }

  it("a session made on one instance works on the other, and signing out ends it on both", async () => {
    const onA = httpClient(a);
    const onB = httpClient(b);
    const email = newEmail();
    const registered = await onA.call("POST", "/api/auth/register", {
      email,
      password: "kettle-on-A-1",
    });
    expect(registered.status).toBe(201);
    expect(registered.cookie).toMatch(/^ylt_session=.{40,}/);

    // The same cookie, sent to the other instance (as a proxy without sticky sessions would).
    onB.cookie = registered.cookie;
    const me = await onB.call("GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.profile).toBeNull();

    // Profile made on B, seen on A.
    const username = newUsername();
    expect(
      (await onB.call("POST", "/api/users", { username, skills: [], interests: [] })).status,
    ).toBe(201);
    onA.cookie = registered.cookie;
    expect((await onA.call("GET", "/api/me")).body.profile.username).toBe(username);

    // Signed out on A: the session is gone for B too.
    expect((await onA.call("POST", "/api/auth/logout")).status).toBe(204);
    expect((await onB.call("GET", "/api/me")).body).toEqual({ user: null, profile: null });
    expect(
      (await onB.call("POST", "/api/articles", { title: "t", topic: "t", body: "b" })).status,
    ).toBe(401);

    // Signing in on B gives a new session that A accepts.
    const signedIn = await onB.call("POST", "/api/auth/login", {
      email,
      password: "kettle-on-A-1",
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).not.toBe(registered.cookie);
    onA.cookie = signedIn.cookie;
    expect((await onA.call("GET", "/api/me")).body.profile.username).toBe(username);
  }, 60_000);

  it("a post made through one instance is read through the other, in the feed too", async () => {
    const onA = httpClient(a);
    const member = await newMemberThrough(onA, "kettle-on-A-2");
    const posted = await onA.call("POST", "/api/articles", {
      title: "Posted on A",
      topic: "Topology",
      body: "Read on B.",
    });
    expect(posted.status).toBe(201);

    const onB = httpClient(b);
    const read = await onB.call("GET", `/api/articles/${posted.body.article.id}`);
    expect(read.status).toBe(200);
    expect(read.body.article).toEqual(posted.body.article);
    const feed = await onB.call("GET", "/api/articles?topic=Topology");
    expect(feed.body.articles.map((x: { id: number }) => x.id)).toContain(posted.body.article.id);

    // A profile edit on B is what A serves next.
    onB.cookie = member.cookie;
    expect(
      (await onB.call("PUT", `/api/users/${member.username}`, { bio: "Edited on B." })).status,
    ).toBe(200);
    const profile = await onA.call("GET", `/api/users/username/${member.username}`);
    expect(profile.body.user.bio).toBe("Edited on B.");
  }, 60_000);

  it("failed sign-ins are counted across instances", async () => {
    const email = newEmail();
    const onA = httpClient(a);
    const onB = httpClient(b);
    expect(
      (await onA.call("POST", "/api/auth/register", { email, password: "right-one-3" })).status,
    ).toBe(201);
    // The shipped limit is 5 failures per account per 15 minutes, shared through the database.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const client = i % 2 === 0 ? onA : onB;
      statuses.push(
        (await client.call("POST", "/api/auth/login", { email, password: `wrong-${i}-x` })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await onB.call("POST", "/api/auth/login", { email, password: "right-one-3" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("too-many-requests");
  }, 60_000);

  it("a chat message sent through one instance with an HTTP sign-in's cookie reaches clients of the other, and a client of a stopping instance resumes on the other", async () => {
    const member = await newMemberThrough(httpClient(b), "kettle-on-B-4");

    // Signed in through B's HTTP API, sending through A's WebSocket.
    const sender = await connect(a, { cookie: member.cookie });
    const readerOnB = await connect(b);
    const readerOnA = await connect(a);

    sender.send({ type: "send", text: "from A, signed in on B", clientId: "topo-1" });
    const first = (await sender.waitFor(isAckOf("topo-1"))).message;
    expect(first.userName).toBe(member.username);
    for (const reader of [readerOnB, readerOnA]) {
      await reader.waitFor((f) => f.type === "message" && f.message.id === first.id, 10_000);
    }

    // A stops (a deploy): its sockets are closed with 'going away' and its clients move to B.
    const lastSeen = readerOnA.messages().at(-1)?.id ?? 0;
    const stopping = a.stop("SIGTERM");
    expect((await readerOnA.closed).code).toBe(CLOSE_GOING_AWAY);
    expect(await stopping).toBe(0);

    // Meanwhile the user goes on chatting through B.
    const senderOnB = await connect(b, { cookie: member.cookie });
    senderOnB.send({ type: "send", text: "while A was away", clientId: "topo-2" });
    const second = (await senderOnB.waitFor(isAckOf("topo-2"))).message;

    // The reader of A resumes on B from the last message it had: it gets exactly what it missed.
    const resumed = await connect(b, { after: lastSeen });
    const resume = resumed.frames[0];
    expect(resume?.type).toBe("resume");
    expect(resumed.messages().map((m) => m.id)).toEqual(
      [first, second].filter((m) => m.id > lastSeen).map((m) => m.id),
    );
    const seen = [...readerOnA.messages(), ...resumed.messages()].map((m) => m.id);
    expect(seen).toEqual([...new Set(seen)].sort((x, y) => x - y));
    expect(seen).toContain(second.id);
  }, 60_000);
});
