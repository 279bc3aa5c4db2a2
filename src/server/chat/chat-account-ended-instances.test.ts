import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  nextAddress,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import type { ChatTestClient } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { createModerator, MODERATOR_EMAILS } from "../../../test/harness/moderators.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import { CLOSE_SESSION_ENDED } from "../../shared/chat.ts";

/**
 * Issue 28, item 10: a suspended or deleted account keeps no live socket, on any instance — the
 * room's and the `room=0` one every other page keeps. Two apps on one database: on PostgreSQL each
 * with its own connections (and LISTENs), as two processes; on PGlite sharing it.
 */

const { apps, urls } = twoInstances({
  listen: true,
  config: (defaults) => ({
    ...defaults,
    moderation: { adminEmails: MODERATOR_EMAILS, autoHideThreshold: 3 },
  }),
});
const chat = chatClientsClosedAfterEach();

const first = () => apps[0] as FastifyInstance;

/** The account's four live sockets: the room and a `room=0` one, on each instance. */
async function openEverywhere(cookie: string): Promise<ChatTestClient[]> {
  const sockets: ChatTestClient[] = [];
  for (const url of urls) {
    sockets.push(await chat.join(url, { cookie }));
    sockets.push(await chat.connect(url, { cookie, room: "0" }));
  }
  return sockets;
}

/** Each socket's close code, or "open" for one still open after 10 s (an event, not a sleep). */
function closeCodes(sockets: ChatTestClient[]): Promise<(number | "open")[]> {
  return Promise.all(
    sockets.map((socket) => {
      let timer: NodeJS.Timeout | undefined;
      const stillOpen = new Promise<"open">((resolve) => {
        timer = setTimeout(() => resolve("open"), 10_000);
      });
      return Promise.race([socket.closed.then(({ code }) => code), stillOpen]).finally(() =>
        clearTimeout(timer),
      );
    }),
  );
}

async function expectAllClosed(sockets: ChatTestClient[]): Promise<void> {
  expect(await closeCodes(sockets)).toEqual(sockets.map(() => CLOSE_SESSION_ENDED));
}

describe("an account that ends while its sockets are open", () => {
  it("suspended by a moderator through one instance: its sockets close on both", async () => {
    const moderator = await createModerator(first());
    const member = await createSignedInUser(first());
    const bystander = await createSignedInUser(first());
    const sockets = await openEverywhere(member.cookie);
    const other = await chat.join(urls[1] ?? "", { cookie: bystander.cookie });

    const res = await first().inject({
      method: "POST",
      url: `/api/moderation/members/${member.username}/suspend`,
      headers: { cookie: moderator.cookie },
      payload: { duration: "day" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAllClosed(sockets);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it("deleted by its owner through one instance: its sockets close on both", async () => {
    const email = uniqueEmail("leaving");
    const remoteAddress = nextAddress();
    const registered = await first().inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD },
      remoteAddress,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = sessionCookieOf(registered);
    const profile = await first().inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie },
      payload: { username: `leaving_${Date.now().toString(36)}` },
      remoteAddress,
    });
    expect(profile.statusCode, profile.body).toBe(201);
    const sockets = await openEverywhere(cookie);

    const res = await first().inject({
      method: "DELETE",
      url: "/api/me",
      headers: { cookie },
      payload: { password: PASSWORD },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(204);
    await expectAllClosed(sockets);
  });
});
