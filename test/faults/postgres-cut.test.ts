import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { posts, profiles, users } from "../../src/server/db/schema.ts";
import { isAckOf, isErrorOf } from "../harness/chat-test-client.ts";
import { createSignedInUser } from "../harness/factories.ts";
import { testDatabaseKind } from "../harness/test-database.ts";
import { type Cleanups, proxiedPostgresServer } from "./proxied-postgres.ts";
import { expectStorageDown, waitUntil } from "./storage-answers.ts";

/**
 * PostgreSQL taken away from a running server process, the way a failed server or network does:
 * a TCP proxy between the two is cut in the middle of a burst of writes (open connections
 * destroyed, new ones refused) and later restored. Meanwhile requests get 503 with Retry-After, the
 * process stays up, and afterwards it recovers by itself; no write is left half done.
 *
 * The embedded database (PGlite) runs inside the server process: there is no connection to cut, and
 * its failure is the process's failure, which test/faults/crash.test.ts covers (kill -9, restart on
 * the same DATA_DIR); test/storage-down.test.ts shows the 503 once its handle is closed.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe.skipIf(testDatabaseKind !== "postgres")("PostgreSQL cut off behind a TCP proxy", () => {
  it("503 with Retry-After while it is away, the process stays up, recovers by itself, nothing half written", async () => {
    const { proxy, server, direct, owner, call, listener, speaker } = await proxiedPostgresServer(
      cleanups,
      { delayMs: 2 },
    );
    // Seeding and checking go straight to PostgreSQL, around the proxy.
    const newcomers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createSignedInUser(direct.db, { username: `newcomer_${i}`, withProfile: false }),
      ),
    );
    const _base = server.url;
    expect(await call("GET", "/api/health")).toMatchObject({
      status: 200,
      json: { status: "ok", database: { state: "up" } },
    });

    // A burst of writes (profile creations are two statements in one transaction), cut after the
    // first few are answered, so some are done, some in flight, some not yet started.
    const titles = Array.from({ length: 30 }, (_, i) => `burst post ${i}`);
    let answered = 0;
    let cutDone: Promise<void> | undefined;
    const count = <T>(p: Promise<T>) =>
      p.then((value) => {
        if (++answered === 5) cutDone = proxy.cut();
        return value;
      });
    const [profileAnswers, postAnswers] = await Promise.all([
      Promise.all(
        newcomers.map((n) => count(call("POST", "/api/users", n.cookie, { username: n.username }))),
      ),
      Promise.all(
        titles.map((title) =>
          count(
            call("POST", "/api/articles", owner.cookie, {
              title,
              topic: "Faults",
              body: title,
            }),
          ),
        ),
      ),
    ]);
    await cutDone;
    const all = [...profileAnswers, ...postAnswers];
    for (const answer of all) {
      if (answer.status !== 201) expectStorageDown(answer);
    }
    const refused = all.filter((a) => a.status === 503).length;
    expect(refused, "the cut refused nothing").toBeGreaterThan(0);
    expect(all.length - refused, "nothing was stored before the cut").toBeGreaterThan(0);

    // While it is away: reads, writes, sign-in and the chat answer "unavailable"; health says so.
    expectStorageDown(await call("GET", "/api/articles"));
    expectStorageDown(await call("GET", "/api/me", owner.cookie));
    expectStorageDown(
      await call("PUT", "/api/users/owner", owner.cookie, { bio: "written while down" }),
    );
    expectStorageDown(
      await call("POST", "/api/auth/login", undefined, {
        email: "owner@example.test",
        password: "Kettle-Mango-42",
      }),
    );
    expect(await call("GET", "/api/health")).toMatchObject({
      status: 503,
      json: { status: "degraded", database: { state: "down" } },
    });
    speaker.send({ type: "send", text: "while down", clientId: "down-1" });
    expect(await speaker.waitFor(isErrorOf("down-1"))).toMatchObject({
      code: "storage-unavailable",
    });
    expect(server.child.exitCode).toBeNull();

    // Storage comes back: the same process serves again, with no restart.
    await proxy.restore();
    const recoveredInMs = await waitUntil(
      async () => (await call("GET", "/api/health")).status === 200,
      15_000,
    );
    const after = await call("POST", "/api/articles", owner.cookie, {
      title: "after the cut",
      topic: "Faults",
      body: "Writes work again.",
    });
    expect(after.status).toBe(201);
    expect((await call("PUT", "/api/users/owner", owner.cookie, { bio: "back" })).status).toBe(200);
    // The chat's LISTEN connection heals too: a new message reaches a socket opened before the cut.
    speaker.send({ type: "send", text: "after the cut", clientId: "up-1" });
    const ack = await speaker.waitFor(isAckOf("up-1"), 10_000);
    await listener.waitFor((f) => f.type === "message" && f.message.id === ack.message.id, 10_000);
    expect(server.child.exitCode).toBeNull();

    // Every acknowledged write is there; a profile is there with its display name or not at all.
    const storedTitles = new Set(
      (await direct.db.select({ title: posts.title }).from(posts)).map((a) => a.title),
    );
    titles.forEach((title, i) => {
      if (postAnswers[i]?.status === 201) expect(storedTitles).toContain(title);
    });
    for (const [i, newcomer] of newcomers.entries()) {
      const [row] = await direct.db
        .select({ displayName: users.displayName, username: profiles.username })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, newcomer.userId));
      if (profileAnswers[i]?.status === 201) expect(row?.username).toBe(newcomer.username);
      expect(row?.displayName ?? null).toBe(row?.username ?? null);
    }
    console.info(
      `postgres cut: ${all.length - refused} writes acknowledged before the cut, ${refused} answered 503; healthy again ${recoveredInMs} ms after the restore`,
    );
  }, 60_000);
});
