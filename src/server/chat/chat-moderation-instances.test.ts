import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { type ChatTestClient, isAckOf } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUsers, type TestUser } from "../../../test/harness/factories.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import type { ChatMessage } from "../../shared/chat.ts";
import { messages } from "../db/schema.ts";
import { announceMessageHidden } from "./chat-announcements.ts";

/**
 * Issue 16: a block made through one instance, and a hide, reach chat sockets open on another.
 * Two apps on one database: on PostgreSQL each with its own connections (and LISTENs), as two
 * processes; on PGlite (in-process only) sharing it.
 */

const instances = twoInstances({ listen: true });
const { apps, urls } = instances;
const chat = chatClientsClosedAfterEach();

const join = (url: string | undefined, user?: TestUser) =>
  chat.join(url ?? "", user ? { cookie: user.cookie } : {});

let sequence = 0;
async function say(client: ChatTestClient, text: string): Promise<ChatMessage> {
  const clientId = `i-${++sequence}`;
  client.send({ type: "send", text, clientId });
  return (await client.waitFor(isAckOf(clientId))).message;
}

const got = (client: ChatTestClient, id: number) =>
  client.waitFor((f) => f.type === "message" && f.message.id === id);

describe("two instances on one database", () => {
  it("a block made through one and a hide reach sockets open on the other", async () => {
    const [one] = apps as [FastifyInstance];
    const [blocker, pest, friend] = (await createSignedInUsers(one, 3)) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    const onOne = { pest: await join(urls[0], pest), friend: await join(urls[0], friend) };
    const onTwo = { blocker: await join(urls[1], blocker), visitor: await join(urls[1]) };

    const early = await say(onOne.pest, "before the block");
    const doomed = await say(onOne.friend, "soon hidden");
    for (const client of [onTwo.blocker, onTwo.visitor]) {
      await got(client, early.id);
      await got(client, doomed.id);
    }

    // The block goes through instance one; the hide, as moderation writes it, to the database.
    const res = await one.inject({
      method: "PUT",
      url: `/api/blocks/${pest.username}`,
      headers: { cookie: blocker.cookie },
    });
    expect(res.statusCode).toBe(200);
    await instances.storage.database.db.transaction(async (tx) => {
      await tx.update(messages).set({ hiddenAt: new Date() }).where(eq(messages.id, doomed.id));
      await announceMessageHidden(tx, doomed.id);
    });
    // Both sockets on instance two drop the hidden message. Instance two heard the block before
    // the hide (one channel, in commit order), so the pest's messages stay away from the blocker.
    for (const client of [onTwo.blocker, onTwo.visitor]) {
      expect(await client.waitFor((f) => f.type === "hidden" && f.id === doomed.id)).toEqual({
        type: "hidden",
        id: doomed.id,
      });
    }
    const ignored = await say(onOne.pest, "are you ignoring me");
    const still = await say(onOne.friend, "the friend still talks");
    await got(onTwo.visitor, ignored.id);
    await got(onTwo.blocker, still.id);
    expect(onTwo.blocker.messages().map((m) => m.id)).not.toContain(ignored.id);
    // A socket opened on instance two now reads the room without it; its author still has it.
    const visitorLater = await join(urls[1]);
    expect(visitorLater.messages().map((m) => m.id)).not.toContain(doomed.id);
    const authorLater = await join(urls[1], friend);
    expect(authorLater.messages().find((m) => m.id === doomed.id)).toEqual({
      ...doomed,
      hidden: true,
    });
  });
});
