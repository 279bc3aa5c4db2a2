import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_ERROR_CODES, CHAT_MAX_FRAME_BYTES, type ServerFrame } from "../../src/shared/chat.ts";
import { type ChatTestClient, connectChat, isFrame } from "../harness/chat-test-client.ts";
import { createSignedInUser } from "../harness/factories.ts";
import { createTestApp, type TestApp } from "../harness/test-app.ts";
import {
  bodyObject,
  deepJson,
  FUZZ_RUNS,
  fuzzParameters,
  fuzzTimeout,
  jsonText,
  nastyString,
  percentEncode,
  withInvalidUtf8,
} from "./adversarial.ts";
import { expectCleanAnswer, fingerprint } from "./expectations.ts";
import { sendRaw } from "./raw-http.ts";

/**
 * Every chat frame type (`send`, `ping`) and everything that is not one, on a real WebSocket:
 * each frame gets exactly one answer (ack, pong or an error frame with a known code, never
 * `internal`), a refused frame stores nothing, and the connection stays open, except where the
 * WebSocket protocol says to close: 1007 for a text frame that is not UTF-8, 1009 for a frame over
 * the size limit. The upgrade request itself is fuzzed too, and the frame limit tested at its edge.
 */

let t: TestApp;
let url: string;
let port: number;
let cookies: Record<"member" | "no-profile" | "limits", string>;

beforeAll(async () => {
  // One address opens every socket here: the per-address limits have tests of their own.
  t = await createTestApp({
    chat: { socketsPerAddress: 10_000, upgradesPerAddressPerMinute: 100_000 },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
  const member = await createSignedInUser(t.app, { username: "chatter" });
  const newcomer = await createSignedInUser(t.app, { withProfile: false });
  // The frame-limit tests send as a user of their own: the fuzz may have spent the member's rate.
  const limits = await createSignedInUser(t.app, { username: "limits" });
  cookies = { member: member.cookie, "no-profile": newcomer.cookie, limits: limits.cookie };
});
afterAll(async () => {
  for (const client of open.values()) await client.close();
  await t?.close();
});

type Who = "member" | "no-profile" | "anonymous";
type Frame =
  | { kind: "text"; data: string }
  | { kind: "binary"; data: Buffer }
  | { kind: "invalid-utf8"; data: Buffer }
  | { kind: "oversize"; data: string };

const sendShaped = bodyObject({
  type: fc.constantFrom("send", "ping", "ack", "message"),
  text: fc.string({ minLength: 1, maxLength: 40 }),
  clientId: fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/),
});

const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 8, arbitrary: sendShaped.map((data) => ({ kind: "text" as const, data })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(nastyString, fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/))
      .map(([text, clientId]) => ({
        kind: "text" as const,
        data: JSON.stringify({ type: "send", text, clientId }),
      })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "text" as const, data: '{"type":"ping"}' }) },
  {
    weight: 1,
    arbitrary: jsonText(["type", "text", "clientId"]).map((data) => ({
      kind: "text" as const,
      data,
    })),
  },
  {
    weight: 1,
    arbitrary: deepJson
      .filter((data) => data.length < CHAT_MAX_FRAME_BYTES)
      .map((data) => ({ kind: "text" as const, data })),
  },
  {
    weight: 1,
    arbitrary: nastyString.map((data) => ({ kind: "text" as const, data: data.slice(0, 4000) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map((a) => ({ kind: "binary" as const, data: Buffer.from(a) })),
  },
  {
    weight: 1,
    arbitrary: withInvalidUtf8(sendShaped).map((data) => ({ kind: "invalid-utf8" as const, data })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: CHAT_MAX_FRAME_BYTES + 1, max: CHAT_MAX_FRAME_BYTES * 4 })
      .map((n) => ({
        kind: "oversize" as const,
        data: JSON.stringify({ type: "send", text: "x".repeat(n), clientId: "big" }),
      })),
  },
);

const open = new Map<Who, ChatTestClient>();
async function clientFor(who: Who): Promise<ChatTestClient> {
  const existing = open.get(who);
  if (existing && existing.socket.readyState === existing.socket.OPEN) return existing;
  const client = await connectChat(url, who === "anonymous" ? {} : { cookie: cookies[who] });
  await client.waitFor((f) => f.type === "snapshot" || f.type === "resume");
  open.set(who, client);
  return client;
}

const isAnswer = (f: ServerFrame) => f.type === "ack" || f.type === "pong" || f.type === "error";
const answers = (client: ChatTestClient) => client.frames.filter(isAnswer);

async function storedMessages() {
  return (await fingerprint(t.app.database.db)).messages;
}

/** The answer to an accepted frame: a known error code (nothing stored), a pong, or the ack. */
async function expectProperReply(
  client: ChatTestClient,
  reply: ReturnType<typeof answers>[number] | undefined,
  who: Who,
  f: { data: string | Buffer },
  before: Awaited<ReturnType<typeof storedMessages>>,
) {
  if (reply?.type === "error") {
    expect(CHAT_ERROR_CODES).toContain(reply.code);
    expect(["internal", "storage-unavailable"]).not.toContain(reply.code);
    expect(reply.message.length).toBeGreaterThan(0);
    expect(await storedMessages()).toBe(before);
  } else if (reply?.type === "pong") {
    expect(JSON.parse(String(f.data))).toMatchObject({ type: "ping" });
  } else {
    expect(reply?.type).toBe("ack");
    expect(who).toBe("member");
    // What the UI needs (username, photo), never the internal user id.
    const raw = client.rawFrames.findLast((text) => text.includes('"type":"ack"'));
    expect(Object.keys(JSON.parse(raw ?? "{}").message ?? {}).sort()).toEqual([
      "createdAt",
      "id",
      "text",
      "userName",
      "userPhotoURL",
    ]);
  }
}

/** An upgrade request's lines for one fuzzed case. */
function upgradeLines({
  after,
  origin,
  who,
  version,
  key,
}: {
  after: string | undefined;
  origin: string | undefined;
  who: Who | "garbage";
  version: string | undefined;
  key: string | undefined;
}): string[] {
  const lines = [
    `GET /api/chat${after === undefined ? "" : `?after=${after}`} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Connection: Upgrade",
    "Upgrade: websocket",
  ];
  if (origin !== undefined) lines.push(`Origin: ${origin}`);
  if (who === "member") lines.push(`Cookie: ${cookies.member}`);
  if (who === "garbage") lines.push("Cookie: ylt_session=%E0%A4%A; =;");
  if (version) lines.push(`Sec-WebSocket-Version: ${version}`);
  if (key)
    lines.push(`Sec-WebSocket-Key: ${randomBytes(key === "good" ? 16 : 5).toString("base64")}`);
  return lines;
}

describe("chat frames under fuzzed input", () => {
  it(
    `${FUZZ_RUNS} frames: one answer each, known error codes, nothing stored on refusal, closes only as the protocol says`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Who>("member", "member", "no-profile", "anonymous"),
          frame,
          async (who, f) => {
            const client = await clientFor(who);
            const before = await storedMessages();
            const answered = answers(client).length;
            if (f.kind === "binary") client.sendRaw(f.data, true);
            else client.sendRaw(f.data);

            const tooBig = Buffer.byteLength(f.data) > CHAT_MAX_FRAME_BYTES;
            if (f.kind === "invalid-utf8" || tooBig) {
              const closed = await Promise.race([
                client.closed,
                client.waitFor(() => answers(client).length > answered).then(() => null),
              ]);
              // ws only checks UTF-8 of a whole text frame, so a frame whose bytes happen to stay
              // valid is answered like any other.
              if (closed === null) expect(f.kind).toBe("invalid-utf8");
              else expect(closed.code).toBe(tooBig ? 1009 : 1007);
              expect(await storedMessages()).toBe(before);
              return;
            }

            await client.waitFor(() => answers(client).length > answered);
            const reply = answers(client)[answered];
            expect(answers(client)).toHaveLength(answered + 1);
            expect(client.socket.readyState).toBe(client.socket.OPEN);
            await expectProperReply(client, reply, who, f, before);
          },
        ),
        fuzzParameters,
      );
    },
    fuzzTimeout(),
  );

  it(
    `${FUZZ_RUNS} upgrade requests with fuzzed query, Origin, cookie and handshake headers: 101 or a 4xx in the error shape`,
    async () => {
      const own = `http://127.0.0.1:${port}`;
      await fc.assert(
        fc.asyncProperty(
          fc.option(
            fc
              .oneof(fc.integer({ min: -2, max: 1000 }).map(String), nastyString)
              .map(percentEncode),
            { nil: undefined },
          ),
          fc.constantFrom(own, own, "https://evil.example", "null", "", undefined),
          fc.constantFrom<Who | "garbage">("member", "anonymous", "garbage"),
          fc.constantFrom("13", "13", "8", "abc", undefined),
          fc.constantFrom("good", "good", "short", undefined),
          async (after, origin, who, version, key) => {
            const lines = upgradeLines({ after, origin, who, version, key });
            const answer = await sendRaw(
              port,
              Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"),
            );
            expect(answer, "closed without an answer").not.toBeNull();
            if (answer?.statusCode === 101) return;
            expectCleanAnswer(answer ?? { statusCode: 0, headers: {}, body: "" });
          },
        ),
        fuzzParameters,
      );
    },
    fuzzTimeout(),
  );
});

describe("chat frame limit", () => {
  /** A send frame of exactly `bytes` bytes. */
  const frameOfSize = (bytes: number) => {
    const empty = JSON.stringify({ type: "send", text: "", clientId: "big" });
    return JSON.stringify({
      type: "send",
      text: "x".repeat(bytes - empty.length),
      clientId: "big",
    });
  };

  it("reads a frame of exactly 16 KB and answers it (the text is too long for a message)", async () => {
    const client = await connectChat(url, { cookie: cookies.limits });
    await client.waitFor(isFrame("snapshot"));
    client.sendRaw(frameOfSize(CHAT_MAX_FRAME_BYTES));
    const error = await client.waitFor(isFrame("error"));
    expect(error).toMatchObject({ code: "invalid-text", clientId: "big" });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    await client.close();
  });

  it("closes a socket that sends one byte more with 1009, stores nothing, and leaves the others alone", async () => {
    const before = await fingerprint(t.app.database.db);
    const bystander = await connectChat(url);
    await bystander.waitFor(isFrame("snapshot"));
    const sender = await connectChat(url, { cookie: cookies.limits });
    await sender.waitFor(isFrame("snapshot"));
    sender.sendRaw(frameOfSize(CHAT_MAX_FRAME_BYTES + 1));
    expect((await sender.closed).code).toBe(1009);
    expect(await fingerprint(t.app.database.db)).toEqual(before);

    // The bystander still talks to the server, and the sender can come back.
    bystander.send({ type: "ping" });
    await bystander.waitFor(isFrame("pong"));
    const again = await connectChat(url, { cookie: cookies.limits });
    await again.waitFor(isFrame("snapshot"));
    again.send({ type: "send", text: "back again", clientId: "after-1009" });
    expect((await again.waitFor(isFrame("ack"))).message.text).toBe("back again");
    await Promise.all([bystander.close(), again.close()]);
  });
});
