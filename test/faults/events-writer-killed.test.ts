import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { directMessages } from "../../src/server/db/schema.ts";
import { connectChat } from "../harness/chat-test-client.ts";
import { withStorage } from "../harness/server-storage.ts";
import { testDatabaseKind } from "../harness/test-database.ts";
import { freshStorage, sendAndKill, startOn, twoMembersOn } from "./server-client.ts";

/**
 * Issue 29 (decision 017): no committed event is lost when the process that wrote it dies with
 * SIGKILL right after its commit. Two instances share PostgreSQL; a member sends a burst of direct
 * messages to the writer, which is killed as soon as the first answer is in (other sends have
 * committed by then without being answered); the recipient's socket is on the other instance and
 * must get a `dm` frame for every message that committed, without a "read everything again" frame.
 * Events are announced inside the writer's transaction, so delivering them is PostgreSQL's job
 * from the commit on. On the embedded database one process is the whole system: skipped.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(testDatabaseKind !== "postgres")("events when the writer is killed", () => {
  it("delivers every committed event to the other instance", async () => {
    const storage = await freshStorage(cleanups);
    const { alice, bob } = await twoMembersOn(storage);
    const [writer, reader] = await Promise.all([
      startOn(storage, cleanups),
      startOn(storage, cleanups),
    ]);
    const tab = await connectChat(reader.url, { cookie: alice.cookie, room: "0" });
    cleanups.push(async () => tab.socket.terminate());

    const statuses = await sendAndKill(
      writer,
      Array.from({ length: 20 }, (_, i) => ({
        cookie: bob.cookie,
        to: alice.username,
        text: `sent before the kill ${i}`,
        clientId: `kill-${i}`,
      })),
    );
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);

    const committed = await withStorage(storage, ({ db }) =>
      db
        .select({ id: directMessages.id })
        .from(directMessages)
        .where(eq(directMessages.senderId, bob.userId)),
    );
    const answered = statuses.filter((status) => status === 201).length;
    expect(committed.length).toBeGreaterThanOrEqual(answered);
    for (const { id } of committed) {
      await tab.waitFor((frame) => frame.type === "dm" && frame.message.id === Number(id), 10_000);
    }
    // The conversation's start announces one; a lost LISTEN connection would add more.
    const rereads = tab.frames.filter((frame) => frame.type === "conversations-changed");
    expect(rereads.length).toBeLessThanOrEqual(1);
  }, 120_000);
});
