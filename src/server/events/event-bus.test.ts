import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import { LISTEN_APPLICATION_NAME } from "../db/database.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { write } from "../write/index.ts";
import { announce } from "./announce.ts";
import type { DomainEvent } from "./domain-events.ts";
import { eventBusOf } from "./event-bus.ts";
import { EVENTS_CHANNEL } from "./event-channel.ts";

const t = testAppClosedAfterAll({ writeLimits: liftedWriteLimits() });

/** Every `post.changed` this process hears from now on, and a wait for one. */
async function hear() {
  const heard: DomainEvent[] = [];
  const waiting = new Set<() => void>();
  let resyncs = 0;
  const stop = await eventBusOf(t.database).subscribe({
    types: ["post.changed"],
    on: (event) => {
      heard.push(event);
      for (const wake of waiting) wake();
    },
    onResync: () => {
      resyncs++;
      for (const wake of waiting) wake();
    },
  });
  const until = (done: () => boolean, ms = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve();
      };
      const timer = setTimeout(() => reject(new Error("not heard in time")), ms);
      waiting.add(check);
      check();
    });
  return { heard, until, stop, resyncs: () => resyncs };
}

const changed = (postId: number): DomainEvent => ({ type: "post.changed", postId });

describe("the event bus", () => {
  it("hands a pipeline write's events to this process once, right after the commit", async () => {
    const listener = await hear();
    try {
      await write(t.database.db, (tx) => announce(tx, changed(1)));
      // Delivered before write() resolved: the writer reads its own write.
      expect(listener.heard).toEqual([changed(1)]);
      // Its echo from the channel is skipped: a later event arrives, the first one not again.
      await t.database.db.execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ origin: null, event: changed(2) })})`,
      );
      await listener.until(() => listener.heard.length === 2);
      expect(listener.heard).toEqual([changed(1), changed(2)]);
    } finally {
      await listener.stop();
    }
  });

  it("tells nobody of a rolled-back write, nor of a refused one", async () => {
    const member = await createSignedInUser(t.app);
    const listener = await hear();
    try {
      await expect(
        write(t.database.db, async (tx) => {
          await announce(tx, changed(3));
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      const limits = {
        ...liftedWriteLimits(),
        post: { max: 0, newAccountMax: 0, windowSeconds: 60 },
      };
      const refused = await write(t.database.db, (tx) => announce(tx, changed(4)), {
        limits,
        userId: member.userId,
        action: "post",
      });
      expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
      await write(t.database.db, (tx) => announce(tx, changed(5)));
      expect(listener.heard).toEqual([changed(5)]);
    } finally {
      await listener.stop();
    }
  });

  it("drops a payload that is not one of the events, and goes on", async () => {
    const listener = await hear();
    try {
      for (const payload of [
        "post:42",
        JSON.stringify({ origin: null, event: { type: "post.changed", postId: "42" } }),
        JSON.stringify({ origin: null, event: { type: "no.such-event" } }),
        JSON.stringify({ origin: null, event: changed(6) }),
      ]) {
        await t.database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
      }
      await listener.until(() => listener.heard.length > 0);
      expect(listener.heard).toEqual([changed(6)]);
    } finally {
      await listener.stop();
    }
  });

  it.skipIf(testDatabaseKind !== "postgres")(
    "listens on one connection for every subscriber of the app, and resyncs them when it is lost",
    async () => {
      const listener = await hear();
      try {
        const listening = async () => {
          const result = (await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
          )) as unknown as { rows: { n: number }[] };
          return result.rows[0]?.n;
        };
        // The post cache, the blocks cache, the chat hub, the mail sender and this test: one.
        expect(await listening()).toBe(1);
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
        );
        await listener.until(() => listener.resyncs() > 0, 10_000);
        expect(await listening()).toBe(1);
      } finally {
        await listener.stop();
      }
    },
  );
});
