import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import {
  type ChatTestClient,
  isAckOf,
  isErrorOf,
  isFrame,
} from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { type ChatMessage, CLOSE_SESSION_ENDED, type ServerFrame } from "../../shared/chat.ts";
import { messages, sessions } from "../db/schema.ts";
import { announceMessageHidden, announceSignedOutEverywhere } from "./chat-announcements.ts";
import { insertMessage } from "./messages-repository.ts";

/**
 * Issue 16: hidden messages and blocked senders in the snapshot, the resume and live, and what
 * moderation announces (a hidden message, an account signed out everywhere) reaching open sockets.
 */

const MODERATOR_EMAIL = "moderator@example.test";

let t: ListeningApp;
let moderator: TestUser;
const chat = chatClientsClosedAfterEach();
beforeAll(async () => {
  t = await listeningTestApp({
    chat: { socketsPerAddress: 10_000, upgradesPerAddressPerMinute: 100_000 },
    moderation: { adminEmails: [MODERATOR_EMAIL], autoHideThreshold: 3 },
  });
  moderator = await createSignedInUser(t.app, { email: MODERATOR_EMAIL });
});
afterAll(() => t.close());

const join = (user?: TestUser, after?: number) =>
  chat.join(t.url, {
    ...(user ? { cookie: user.cookie } : {}),
    ...(after === undefined ? {} : { after }),
  });

let sequence = 0;
/** A message stored as the chat stores it (and announced to the hubs). */
async function seed(user: TestUser, text: string): Promise<ChatMessage> {
  const { message } = await insertMessage(t.database.db, {
    userId: user.userId,
    userName: user.profile?.username ?? "",
    userPhotoUrl: null,
    text,
    clientId: `seed-${++sequence}`,
  });
  return message;
}

async function say(client: ChatTestClient, text: string): Promise<ChatMessage> {
  const clientId = `say-${++sequence}`;
  client.send({ type: "send", text, clientId });
  return (await client.waitFor(isAckOf(clientId))).message;
}

/** What the moderation slice does to a message: hide it, announcing it to every hub. */
async function hide(id: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.update(messages).set({ hiddenAt: new Date() }).where(eq(messages.id, id));
    await announceMessageHidden(tx, id);
  });
}

const block = async (blocker: TestUser, blocked: TestUser, method: "PUT" | "DELETE" = "PUT") => {
  const res = await t.app.inject({
    method,
    url: `/api/blocks/${blocked.profile?.username}`,
    headers: { cookie: blocker.cookie },
  });
  expect(res.statusCode).toBe(200);
};

/** The first frame's messages among `ids` (other tests' messages share the room). */
function backlog(client: ChatTestClient, ids: number[]): ChatMessage[] {
  const first = client.frames[0];
  if (first?.type !== "snapshot" && first?.type !== "resume") throw new Error("no backlog");
  return first.messages.filter((m) => ids.includes(m.id));
}

const receivedLive = (client: ChatTestClient, id: number) =>
  client.waitFor((f) => f.type === "message" && f.message.id === id);

/**
 * Everything the server meant for `client` until now has arrived: its answer to a ping is sent
 * after whatever the hub sent it before.
 */
async function settled(client: ChatTestClient): Promise<void> {
  const pongs = client.frames.filter(isFrame("pong")).length;
  client.send({ type: "ping" });
  await client.waitFor(() => client.frames.filter(isFrame("pong")).length > pongs);
}

const hiddenNotice = (id: number) => (f: ServerFrame) => f.type === "hidden" && f.id === id;

describe("a hidden message", () => {
  it("is left out of the snapshot and resume for others, and marked for its author and moderators", async () => {
    const author = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    const before = await seed(member, "before");
    const kept = await seed(author, "kept");
    const gone = await seed(author, "gone");
    const after = await seed(member, "after");
    await hide(gone.id);
    const ids = [kept.id, gone.id, after.id];

    for (const resume of [undefined, before.id]) {
      for (const reader of [undefined, member]) {
        const client = await join(reader, resume);
        expect(backlog(client, ids)).toEqual([kept, after]);
      }
      for (const reader of [author, moderator]) {
        const client = await join(reader, resume);
        expect(backlog(client, ids)).toEqual([kept, { ...gone, hidden: true }, after]);
      }
    }
  });

  it("is dropped live by sockets that may not see it, and kept by its author's and moderators'", async () => {
    const author = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    const [visitor, other, own, moderating] = [
      await join(),
      await join(member),
      await join(author),
      await join(moderator),
    ];
    const message = await say(own, "soon hidden");
    for (const client of [visitor, other, moderating]) await receivedLive(client, message.id);

    await hide(message.id);
    for (const client of [visitor, other]) {
      expect(await client.waitFor(hiddenNotice(message.id))).toEqual({
        type: "hidden",
        id: message.id,
      });
    }
    for (const client of [own, moderating]) {
      await settled(client);
      expect(client.frames.some(hiddenNotice(message.id))).toBe(false);
    }
    // A socket that connects now reads the room without it; its author still has it, marked.
    expect(backlog(await join(member), [message.id])).toEqual([]);
    expect(backlog(await join(author), [message.id])).toEqual([{ ...message, hidden: true }]);
  });

  it("heard before the message itself is sent only to its author and moderators, marked", async () => {
    const author = await createSignedInUser(t.app);
    const [visitor, own, moderating] = [await join(), await join(author), await join(moderator)];
    // Stored already hidden and never notified: the hub hears of it by the hide alone, as when
    // the hide's notification overtakes the message's (two LISTEN connections).
    const [row] = await t.database.db
      .insert(messages)
      .values({
        userId: author.userId,
        userName: author.profile?.username ?? "",
        text: "hidden on arrival",
        clientId: `direct-${++sequence}`,
        hiddenAt: new Date(),
      })
      .returning({ id: messages.id });
    const id = Number(row?.id);
    await announceMessageHidden(t.database.db, id);

    for (const client of [own, moderating]) {
      const got = await receivedLive(client, id);
      expect(got).toMatchObject({ message: { id, text: "hidden on arrival", hidden: true } });
    }
    await visitor.waitFor(hiddenNotice(id));
    await settled(visitor);
    expect(visitor.messages().some((m) => m.id === id)).toBe(false);
  });
});

describe("a blocked sender's messages", () => {
  it("are left out of the blocker's snapshot and resume, and of nobody else's", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const friend = await createSignedInUser(t.app);
    const start = await seed(friend, "start");
    const fromPest = await seed(pest, "from the pest");
    const fromFriend = await seed(friend, "from a friend");
    await block(blocker, pest);
    const ids = [fromPest.id, fromFriend.id];
    for (const resume of [undefined, start.id]) {
      expect(backlog(await join(blocker, resume), ids)).toEqual([fromFriend]);
      for (const reader of [undefined, pest, friend, moderator]) {
        expect(backlog(await join(reader, resume), ids)).toEqual([fromPest, fromFriend]);
      }
    }
  });

  it("stop reaching the blocker's open socket once blocked, and come again once unblocked", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const friend = await createSignedInUser(t.app);
    const [watching, pestSocket, friendSocket] = [
      await join(blocker),
      await join(pest),
      await join(friend),
    ];
    const beforeBlock = await say(pestSocket, "before the block");
    await receivedLive(watching, beforeBlock.id);

    await block(blocker, pest);
    const ignored = await say(pestSocket, "are you ignoring me");
    const still = await say(friendSocket, "the friend still talks");
    await receivedLive(watching, still.id);
    expect(watching.messages().some((m) => m.id === ignored.id)).toBe(false);
    // Silent: the blocked member still reads the room, the blocker's messages included.
    const fromBlocker = await say(watching, "hello room");
    await receivedLive(pestSocket, fromBlocker.id);
    await receivedLive(friendSocket, ignored.id);

    await block(blocker, pest, "DELETE");
    const back = await say(pestSocket, "back again");
    await receivedLive(watching, back.id);
    // The sender's internal id never reaches a client.
    expect(watching.rawFrames.join("")).not.toContain(pest.userId);
  });
});

describe("an account signed out everywhere", () => {
  it("has its sockets told session-ended and closed; others go on", async () => {
    const leaving = await createSignedInUser(t.app);
    const staying = await createSignedInUser(t.app);
    const sockets = [await join(leaving), await join(leaving)];
    const other = await join(staying);

    // As a suspension does: the sessions go, and every instance hears of it, in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.userId, leaving.userId));
      await announceSignedOutEverywhere(tx, leaving.userId);
    });
    for (const socket of sockets) {
      const ended = await socket.waitFor(isFrame("error"));
      expect(ended).toEqual({
        type: "error",
        code: "session-ended",
        message: "Your session has ended. Sign in again to send messages.",
      });
      expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
    }
    const said = await say(other, "still here");
    expect(said.text).toBe("still here");

    // Reconnecting with the old cookie, the page reads as a signed-out visitor.
    const again = await join(leaving);
    again.send({ type: "send", text: "let me in", clientId: "gone-1" });
    expect((await again.waitFor(isErrorOf("gone-1"))).code).toBe("not-signed-in");
  });
});
