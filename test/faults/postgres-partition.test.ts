import { afterEach, describe, expect, it } from "vitest";
import { isAckOf } from "../harness/chat-test-client.ts";
import { testDatabaseKind } from "../harness/test-database.ts";
import { type Cleanups, proxiedPostgresServer } from "./proxied-postgres.ts";
import { type Answer, expectStorageDown, waitUntil } from "./storage-answers.ts";

/**
 * Issue 28 item 16: PostgreSQL behind a silent partition (packets dropped, nothing closed), for
 * 14 s, with the default bounds (DATABASE_CONNECT_TIMEOUT_SECONDS, DATABASE_QUERY_TIMEOUT_SECONDS).
 * Requests on pooled connections used to wait for the partition's whole length; now every
 * request made during it answers 503 with Retry-After within seconds, and after it heals the same
 * process serves again, the chat's LISTEN connection included.
 *
 * PostgreSQL only: the embedded database (PGlite) runs inside the server process, with no network
 * to partition.
 */

const PARTITION_MS = 14_000;
/**
 * The bounds are 3 s to connect and 2.5 s for a query; the rest is slack for a busy machine (one
 * full-suite run next to other suites measured 6.8 s). Before the bounds, the whole partition.
 */
const ANSWER_WITHIN_MS = 7_000;

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe.skipIf(testDatabaseKind !== "postgres")("PostgreSQL behind a silent partition", () => {
  it("answers 503 with Retry-After within seconds all through a 14 s partition, then serves again by itself", async () => {
    const { proxy, server, owner, call, listener, speaker } = await proxiedPostgresServer(cleanups);

    // Several pooled connections open and idle, as in service; a chat socket listening.
    const warm = await Promise.all(
      Array.from({ length: 6 }, () => call("GET", "/api/me", owner.cookie)),
    );
    for (const answer of warm) expect(answer.status).toBe(200);

    // A read, a transaction, a profile write and a sign-in, in parallel, round after round for as
    // long as a round fits in the partition: pooled connections first, then new ones.
    const requests = [
      ["GET /api/me", () => call("GET", "/api/me", owner.cookie)],
      [
        "POST /api/articles",
        () => call("POST", "/api/articles", owner.cookie, { title: "t", topic: "F", body: "b" }),
      ],
      [
        "PUT /api/users/owner",
        () => call("PUT", "/api/users/owner", owner.cookie, { bio: "written while partitioned" }),
      ],
      [
        "POST /api/auth/login",
        () => call("POST", "/api/auth/login", undefined, { email: owner.email, password: "x-y-1" }),
      ],
    ] as const;
    proxy.partition();
    const partitionStarted = performance.now();
    const healing = new Promise<void>((resolve) =>
      setTimeout(() => {
        proxy.heal();
        resolve();
      }, PARTITION_MS),
    );
    const answered: Answer[] = [];
    while (performance.now() - partitionStarted + ANSWER_WITHIN_MS < PARTITION_MS) {
      const [health, ...round] = await Promise.all([
        call("GET", "/api/health"),
        ...requests.map(([, request]) => request()),
      ]);
      answered.push(...round);
      console.info(
        `partitioned: ${round.map((a, i) => `${requests[i]?.[0]} ${a.status} in ${a.ms} ms`).join(", ")}`,
      );
      round.forEach((answer, i) => {
        expectStorageDown(answer, requests[i]?.[0]);
        expect(answer.ms, requests[i]?.[0]).toBeLessThan(ANSWER_WITHIN_MS);
      });
      expect(health).toMatchObject({ status: 503, json: { database: { state: "down" } } });
      expect(health?.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(server.child.exitCode).toBeNull();
    await healing;

    // Healed: the same process serves again, writes included, and the chat's LISTEN delivers.
    const recoveredInMs = await waitUntil(
      async () => (await call("GET", "/api/health")).status === 200,
      20_000,
    );
    const me = await call("GET", "/api/me", owner.cookie);
    expect(me).toMatchObject({ status: 200, json: { user: { id: owner.userId } } });
    const post = await call("POST", "/api/articles", owner.cookie, {
      title: "after the partition",
      topic: "Faults",
      body: "Writes work again.",
    });
    expect(post.status).toBe(201);
    speaker.send({ type: "send", text: "after the partition", clientId: "healed-1" });
    const ack = await speaker.waitFor(isAckOf("healed-1"), 20_000);
    await listener.waitFor((f) => f.type === "message" && f.message.id === ack.message.id, 20_000);

    const times = answered.map((a) => a.ms).sort((a, b) => a - b);
    console.info(
      `postgres partition: ${answered.length} requests answered 503 during it, ${times[0]}–${times.at(-1)} ms (median ${times[Math.floor(times.length / 2)]} ms); healthy ${recoveredInMs} ms after the heal`,
    );
  }, 90_000);
});
