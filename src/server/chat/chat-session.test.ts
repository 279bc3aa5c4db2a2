import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { type ChatTestClient, isAckOf, isErrorOf } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { hashToken } from "../auth/secret-token.ts";
import { messages, sessions } from "../db/schema.ts";

/** Issue 13, item 3: every send is authorised against the live session, not the upgrade's. */

let t: ListeningApp;
const chat = chatClientsClosedAfterEach();
beforeAll(async () => {
  t = await listeningTestApp();
});
afterAll(() => t.close());

const join = (user: TestUser): Promise<ChatTestClient> => chat.join(t.url, { cookie: user.cookie });

async function storedBy(user: TestUser): Promise<string[]> {
  const rows = await t.database.db
    .select({ text: messages.text })
    .from(messages)
    .where(eq(messages.userId, user.userId));
  return rows.map((r) => r.text);
}

/** Signs out through the real HTTP route, as the browser's other tab would. */
async function signOut(user: TestUser): Promise<void> {
  const response = await fetch(`${t.url}/api/auth/logout`, {
    method: "POST",
    headers: { cookie: user.cookie, origin: t.url },
  });
  expect(response.status).toBe(204);
}

describe("a chat socket whose session ends", () => {
  it("is refused with session-ended after sign-out, stores nothing, and stays open to read", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(user);
    client.send({ type: "send", text: "before sign-out", clientId: "so-1" });
    await client.waitFor(isAckOf("so-1"));

    await signOut(user);
    client.send({ type: "send", text: "after sign-out", clientId: "so-2" });
    const refused = await client.waitFor(isErrorOf("so-2"));
    expect(refused.code).toBe("session-ended");
    expect(refused.message).toBe("Your session has ended. Sign in again to send messages.");
    // Later tries are refused the same way, and the socket still gets the room's messages.
    client.send({ type: "send", text: "again", clientId: "so-3" });
    expect((await client.waitFor(isErrorOf("so-3"))).code).toBe("session-ended");
    const other = await createSignedInUser(t.app);
    const speaker = await join(other);
    speaker.send({ type: "send", text: "still readable", clientId: "other-1" });
    await client.waitFor((f) => f.type === "message" && f.message.text === "still readable");

    expect(await storedBy(user)).toEqual(["before sign-out"]);
  });

  it("is refused after sign-out even when it had not sent before", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(user);
    await signOut(user);
    client.send({ type: "send", text: "first and refused", clientId: "quiet-1" });
    expect((await client.waitFor(isErrorOf("quiet-1"))).code).toBe("session-ended");
    expect(await storedBy(user)).toEqual([]);
  });

  it("is refused once the session has expired", async () => {
    const user = await createSignedInUser(t.app);
    const client = await join(user);
    client.send({ type: "send", text: "while valid", clientId: "exp-1" });
    await client.waitFor(isAckOf("exp-1"));

    const token = user.cookie.slice(user.cookie.indexOf("=") + 1);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    client.send({ type: "send", text: "after expiry", clientId: "exp-2" });
    expect((await client.waitFor(isErrorOf("exp-2"))).code).toBe("session-ended");
    expect(await storedBy(user)).toEqual(["while valid"]);
  });

  it("lets another socket of the same user with a live session go on sending", async () => {
    const user = await createSignedInUser(t.app);
    const first = await join(user);
    const second = await createSignedInUser(t.app);
    const other = await join(second);
    await signOut(user);
    first.send({ type: "send", text: "no", clientId: "live-1" });
    expect((await first.waitFor(isErrorOf("live-1"))).code).toBe("session-ended");
    other.send({ type: "send", text: "yes", clientId: "live-2" });
    expect((await other.waitFor(isAckOf("live-2"))).message.text).toBe("yes");
  });
});
