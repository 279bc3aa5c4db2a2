import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { isAckOf, isFrame } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { CHAT_PATH, type ServerFrame, serverFrameSchema } from "../../shared/chat.ts";
import type { DirectMessage } from "../../shared/direct-message.ts";
import { createSession } from "../auth/session-store.ts";

/**
 * Issue 17 live: every direct message reaches exactly its two members' sockets, with the room
 * (`room=1`) or without it (`room=0`), and nobody else's; reads and conversation changes reach
 * the member concerned.
 */

let t: ListeningApp;
const chat = chatClientsClosedAfterEach();
beforeAll(async () => {
  t = await listeningTestApp({
    chat: { socketsPerAddress: 10_000, upgradesPerAddressPerMinute: 100_000 },
  });
});
afterAll(() => t.close());

/** A socket opened with `room=0`: what pages other than /chatapp keep open (test/harness has only room sockets). */
type RoomlessSocket = {
  frames: ServerFrame[];
  send(frame: object): void;
  waitFor(match: (frame: ServerFrame) => boolean): Promise<ServerFrame>;
};
const roomless: WebSocket[] = [];
afterEach(async () => {
  await Promise.all(
    roomless.splice(0).map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve();
          socket.once("close", () => resolve());
          socket.close(1000);
        }),
    ),
  );
});

function openRoomless(user: TestUser): Promise<RoomlessSocket> {
  const url = new URL(CHAT_PATH, t.url.replace(/^http/, "ws"));
  url.searchParams.set("room", "0");
  const socket = new WebSocket(url, { headers: { cookie: user.cookie }, origin: t.url });
  roomless.push(socket);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (data) => {
    const frame = serverFrameSchema.parse(JSON.parse(String(data)));
    // The bell's frames (issue 30) are the notifications tests'; these follow direct messages.
    if (frame.type !== "notifications-changed") frames.push(frame);
    for (const wake of [...waiters]) wake();
  });
  const waitFor = (match: (frame: ServerFrame) => boolean) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no awaited frame; got ${JSON.stringify(frames)}`));
      }, 5_000);
      const check = () => {
        const found = frames.find(match);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once("open", () =>
      resolve({ frames, send: (frame) => socket.send(JSON.stringify(frame)), waitFor }),
    );
    socket.once("error", reject);
  });
}

const joinRoom = (user: TestUser) => chat.join(t.url, { cookie: user.cookie });
const member = () => createSignedInUser(t.app);

let clientIds = 0;
async function post(user: TestUser, url: string, payload?: object) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/conversations/with/${url}`,
    headers: { cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}
const send = async (from: TestUser, to: TestUser, text: string): Promise<DirectMessage> =>
  (await post(from, `${to.username}/messages`, { text, clientId: `live-${++clientIds}` })).json()
    .message;

const isDm = (id: number) => (frame: ServerFrame) => frame.type === "dm" && frame.message.id === id;
const dmIds = (frames: ServerFrame[]) =>
  frames.flatMap((frame) => (frame.type === "dm" ? [frame.message.id] : []));

/** A POST with no body as `user`. */
const postAs = (user: TestUser, url: string) =>
  t.app.inject({ method: "POST", url, headers: { cookie: user.cookie } });

describe("direct messages on the chat socket", () => {
  it("stop at a socket whose session ended, while the member's other sessions go on hearing them", async () => {
    const [ana, ben] = [await member(), await member()];
    const secondBrowser = async () => {
      const { token } = await createSession(t.database.db, ben.userId);
      return { ...ben, cookie: `ylt_session=${token}` };
    };
    const [laptop, phone, tablet] = [ben, await secondBrowser(), await secondBrowser()];
    const sockets = {
      laptop: await openRoomless(laptop),
      phone: await openRoomless(phone),
      tablet: await joinRoom(tablet),
    };
    const isSessionEnded = (frame: ServerFrame) =>
      frame.type === "error" && frame.code === "session-ended";

    // Signed out on the laptop: its socket is told, and hears nothing private any more.
    expect((await postAs(laptop, "/api/auth/logout")).statusCode).toBe(204);
    await sockets.laptop.waitFor(isSessionEnded);
    const first = await send(ana, ben, "after the laptop signed out");
    await sockets.phone.waitFor(isDm(first.id));
    await sockets.tablet.waitFor(isDm(first.id));
    expect(dmIds(sockets.laptop.frames)).toEqual([]);

    // "Sign out everywhere else" from the phone: the tablet's socket ends too, the phone's goes on.
    expect((await postAs(phone, "/api/me/sessions/revoke-others")).statusCode).toBe(204);
    await sockets.tablet.waitFor(isSessionEnded);
    const second = await send(ana, ben, "only the phone hears this");
    await sockets.phone.waitFor(isDm(second.id));
    expect(dmIds(sockets.tablet.frames)).toEqual([first.id]);
  });

  it("reach both members' sockets, with the room or without, and no one else's", async () => {
    const [ana, ben, eve] = [await member(), await member(), await member()];
    const sockets = {
      anaRoom: await joinRoom(ana),
      anaAway: await openRoomless(ana),
      benAway: await openRoomless(ben),
      eveRoom: await joinRoom(eve),
      eveAway: await openRoomless(eve),
    };
    const sent = await send(ana, ben, "just between us");
    for (const socket of [sockets.anaRoom, sockets.anaAway, sockets.benAway]) {
      expect(await socket.waitFor(isDm(sent.id))).toEqual({ type: "dm", message: sent });
    }
    // Eve hears of her own message, which came after: nothing of Ana's and Ben's before it.
    const toEve = await send(ben, eve, "hello eve");
    await sockets.eveRoom.waitFor(isDm(toEve.id));
    await sockets.eveAway.waitFor(isDm(toEve.id));
    expect(dmIds(sockets.eveRoom.frames)).toEqual([toEve.id]);
    expect(dmIds(sockets.eveAway.frames)).toEqual([toEve.id]);
    expect(JSON.stringify(sockets.eveRoom.frames)).not.toContain("just between us");
  });

  it("a socket without the room gets no snapshot and no room messages, and cannot send to the room", async () => {
    const [ana, ben] = [await member(), await member()];
    const away = await openRoomless(ana);
    const speaker = await joinRoom(ben);
    speaker.send({ type: "send", text: "room talk", clientId: "room-1" });
    await speaker.waitFor(isAckOf("room-1"));
    away.send({ type: "send", text: "to the room?", clientId: "away-1" });
    expect(await away.waitFor((f) => f.type === "error")).toEqual({
      type: "error",
      code: "invalid-frame",
      message: "This connection has no room: open the chat to send to it.",
      clientId: "away-1",
    });
    away.send({ type: "ping" });
    await away.waitFor((f) => f.type === "pong");
    const sent = await send(ben, ana, "a direct one");
    await away.waitFor(isDm(sent.id));
    expect(away.frames.map((f) => f.type)).toEqual([
      "error",
      "pong",
      "conversations-changed",
      "dm",
    ]);
  });

  it("a withheld message (blocked, or declined) reaches only the sender's sockets", async () => {
    const [ana, pest, cleo] = [await member(), await member(), await member()];
    const anaAway = await openRoomless(ana);
    const pestAway = await openRoomless(pest);
    const cleoAway = await openRoomless(cleo);
    const blocked = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${pest.username}`,
      headers: { cookie: ana.cookie },
    });
    expect(blocked.statusCode).toBe(200);
    const withheld = await send(pest, ana, "you can't ignore me");
    await pestAway.waitFor(isDm(withheld.id));
    expect(pestAway.frames.map((f) => f.type)).toEqual(["conversations-changed", "dm"]);

    const first = await send(cleo, ana, "first");
    await post(ana, `${cleo.username}/decline`);
    const ignored = await send(cleo, ana, "after the decline");
    await cleoAway.waitFor(isDm(ignored.id));
    await post(ana, `${cleo.username}/accept`);
    // Ana's socket heard, in order: Cleo's conversation and first message, her own decline and
    // accept; nothing of what was withheld from her in between.
    const changes = () => anaAway.frames.filter((f) => f.type === "conversations-changed").length;
    await anaAway.waitFor(() => changes() === 3);
    expect(anaAway.frames).toEqual([
      { type: "conversations-changed" },
      { type: "dm", message: first },
      { type: "conversations-changed" },
      { type: "conversations-changed" },
    ]);
  });

  it("tells the reader's own sockets of a read, and each member of conversation changes", async () => {
    const [ana, ben] = [await member(), await member()];
    const anaAway = await openRoomless(ana);
    const benRoom = await joinRoom(ben);
    const benAway = await openRoomless(ben);
    const sent = await send(ana, ben, "hello");
    for (const socket of [anaAway, benRoom, benAway]) {
      await socket.waitFor(isFrame("conversations-changed"));
      await socket.waitFor(isDm(sent.id));
    }
    await post(ben, `${ana.username}/read`, { last_read_id: sent.id });
    for (const socket of [benRoom, benAway]) {
      expect(await socket.waitFor(isFrame("dm-read"))).toEqual({
        type: "dm-read",
        conversation_id: sent.conversation_id,
        last_read_id: sent.id,
      });
    }
    await post(ben, `${ana.username}/accept`);
    const changes = (frames: ServerFrame[]) =>
      frames.filter((f) => f.type === "conversations-changed").length;
    await benAway.waitFor(() => changes(benAway.frames) === 2);
    // Ana's socket heard neither Ben's read nor his accept: her next message comes right after.
    const next = await send(ana, ben, "again");
    await anaAway.waitFor(isDm(next.id));
    expect(anaAway.frames.map((f) => f.type)).toEqual(["conversations-changed", "dm", "dm"]);
    expect(changes(benRoom.frames)).toBe(2);
  });
});
