import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { createSignedInUsers, type TestUser } from "../../../test/harness/factories.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import type { ServerFrame } from "../../shared/chat.ts";

/**
 * Issue 30: a message sent through one instance tells the recipient's pages open on the other
 * that their notifications changed (their bell counts again), and writes one entry, not one per
 * instance.
 */

const { apps, urls } = twoInstances({ listen: true });
const chat = chatClientsClosedAfterEach();

const changed = (frame: ServerFrame) => frame.type === "notifications-changed";
const changes = (frames: ServerFrame[]) => frames.filter(changed).length;

describe("two instances on one database", () => {
  it("the recipient's sockets on the other instance hear it; the sender's and others' do not", async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const [ana, ben, eve] = (await createSignedInUsers(one, 3)) as [TestUser, TestUser, TestUser];
    const benOnTwo = await chat.join(urls[1] ?? "", { cookie: ben.cookie });
    const anaOnTwo = await chat.join(urls[1] ?? "", { cookie: ana.cookie });
    const eveOnTwo = await chat.join(urls[1] ?? "", { cookie: eve.cookie });

    const sent = await one.inject({
      method: "POST",
      url: `/api/conversations/with/${ben.username}/messages`,
      headers: { cookie: ana.cookie },
      payload: { text: "Are you free on Saturday?", clientId: "instances-notify-1" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await benOnTwo.waitFor(changed);
    const counted = await two.inject({
      method: "GET",
      url: "/api/notifications/unread",
      headers: { cookie: ben.cookie },
    });
    expect(counted.json()).toEqual({ unread: 1 });
    const listed = await two.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: ben.cookie },
    });
    expect(listed.json().notifications).toMatchObject([{ count: 1 }]);

    // Later messages to Ana and Eve come on the same channel after it: each of them hears only
    // the one that is theirs, so Ana's own message told her nothing.
    for (const [from, to, clientId] of [
      [eve, ana, "instances-notify-2"],
      [ana, eve, "instances-notify-3"],
    ] as const) {
      const res = await one.inject({
        method: "POST",
        url: `/api/conversations/with/${to.username}/messages`,
        headers: { cookie: from.cookie },
        payload: { text: "Hello", clientId },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await anaOnTwo.waitFor(changed);
    await eveOnTwo.waitFor(changed);
    expect(changes(anaOnTwo.frames)).toBe(1);
    expect(changes(eveOnTwo.frames)).toBe(1);
    expect(changes(benOnTwo.frames)).toBe(1);
  });
});
