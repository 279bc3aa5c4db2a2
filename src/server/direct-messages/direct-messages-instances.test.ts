import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import type { ChatTestClient } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUsers, type TestUser } from "../../../test/harness/factories.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import type { ServerFrame } from "../../shared/chat.ts";
import type { DirectMessage } from "../../shared/direct-message.ts";

/**
 * Issue 17: a direct message sent through one instance reaches its members' sockets open on
 * another, and only theirs. Two apps on one database: on PostgreSQL each with its own connections
 * (and LISTENs), as two processes; on PGlite (in-process only) sharing it.
 */

const { apps, urls } = twoInstances({ listen: true });
const chat = chatClientsClosedAfterEach();

const join = (instance: 0 | 1, user: TestUser) =>
  chat.join(urls[instance] ?? "", { cookie: user.cookie });

let clientIds = 0;
async function send(from: TestUser, to: TestUser, text: string): Promise<DirectMessage> {
  const res = await apps[0]?.inject({
    method: "POST",
    url: `/api/conversations/with/${to.username}/messages`,
    headers: { cookie: from.cookie },
    payload: { text, clientId: `instances-${++clientIds}` },
  });
  expect(res?.statusCode, res?.body).toBe(201);
  return res?.json().message;
}

const isDm = (id: number) => (frame: ServerFrame) => frame.type === "dm" && frame.message.id === id;
const dmIds = (client: ChatTestClient) =>
  client.frames.flatMap((frame) => (frame.type === "dm" ? [frame.message.id] : []));

describe("two instances on one database", () => {
  it("a direct message sent through one reaches both members' sockets on either, and nobody else's", async () => {
    const [one] = apps as [FastifyInstance];
    const [ana, ben, eve] = (await createSignedInUsers(one, 3)) as [TestUser, TestUser, TestUser];
    const anaOnOne = await join(0, ana);
    const anaOnTwo = await join(1, ana);
    const benOnTwo = await join(1, ben);
    const eveOnTwo = await join(1, eve);

    const sent = await send(ana, ben, "meet at the market?");
    for (const client of [anaOnOne, anaOnTwo, benOnTwo]) {
      expect(await client.waitFor(isDm(sent.id))).toEqual({ type: "dm", message: sent });
    }
    // Too big for a notification: it travels as its id, and instance two reads it.
    const big = await send(ben, ana, `x${"\u0007".repeat(1999)}`);
    expect(big.text).toHaveLength(2000);
    for (const client of [anaOnOne, anaOnTwo, benOnTwo]) {
      expect(await client.waitFor(isDm(big.id))).toEqual({ type: "dm", message: big });
    }
    const toEve = await send(ben, eve, "and you?");
    await eveOnTwo.waitFor(isDm(toEve.id));
    expect(dmIds(eveOnTwo)).toEqual([toEve.id]);
    expect(dmIds(anaOnTwo)).toEqual([sent.id, big.id]);
  });
});
