import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { type ChatTestClient, isAckOf, isErrorOf } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { messages, writeEvents } from "../db/schema.ts";
import { DEFAULT_WRITE_LIMITS } from "../limits/write-limit-rules.ts";

/** Issue 13, item 12: chat messages count against a per-account limit kept in the database. */

const NEW_ACCOUNT_MAX = 3;
let t: ListeningApp;
const chat = chatClientsClosedAfterEach();
beforeAll(async () => {
  t = await listeningTestApp({
    writeLimits: {
      ...DEFAULT_WRITE_LIMITS,
      chat: { max: 30, newAccountMax: NEW_ACCOUNT_MAX, windowSeconds: 60 },
    },
  });
});
afterAll(() => t.close());

const join = (user: TestUser): Promise<ChatTestClient> => chat.join(t.url, { cookie: user.cookie });

const storedBy = async (user: TestUser) =>
  (
    await t.database.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.userId, user.userId))
  ).map((row) => row.text);

describe("the chat's per-account write limit", () => {
  it("refuses a new account's message past its limit, with the wait and a clear text, storing nothing", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(user);
    for (let i = 1; i <= NEW_ACCOUNT_MAX; i++) {
      client.send({ type: "send", text: `hello ${i}`, clientId: `wl-${i}` });
      await client.waitFor(isAckOf(`wl-${i}`));
    }
    client.send({ type: "send", text: "one too many", clientId: "wl-over" });
    const refused = await client.waitFor(isErrorOf("wl-over"));
    expect(refused.code).toBe("too-many-requests");
    expect(refused.message).toMatch(/New accounts have lower limits/);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(await storedBy(user)).toEqual(["hello 1", "hello 2", "hello 3"]);

    // The count lives in the database: a second socket (any instance) is refused the same way,
    // and a resend of a stored message is still acknowledged there, limit or not.
    const second = await join(user);
    second.send({ type: "send", text: "from another socket", clientId: "wl-other" });
    expect((await second.waitFor(isErrorOf("wl-other"))).code).toBe("too-many-requests");
    second.send({ type: "send", text: "hello 1", clientId: "wl-1" });
    expect((await second.waitFor(isAckOf("wl-1"))).message.text).toBe("hello 1");
    const events = await t.database.db
      .select({ id: writeEvents.id })
      .from(writeEvents)
      .where(eq(writeEvents.userId, user.userId));
    expect(events).toHaveLength(NEW_ACCOUNT_MAX);
  });

  it("does not hold back another account", async () => {
    const flooder = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const a = await join(flooder);
    for (let i = 0; i <= NEW_ACCOUNT_MAX; i++)
      a.send({ type: "send", text: `f ${i}`, clientId: `f-${i}` });
    await a.waitFor(isErrorOf(`f-${NEW_ACCOUNT_MAX}`));
    const b = await join(other);
    b.send({ type: "send", text: "still here", clientId: "o-1" });
    expect((await b.waitFor(isAckOf("o-1"))).message.text).toBe("still here");
  });
});
