import { afterEach, describe, expect, it } from "vitest";
import {
  JITTER_SERVER_ENV,
  runChatJitter,
  sendersFor,
  signUpSender,
} from "../bench/chat-jitter.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "./harness/server-process.ts";
import { createServerStorage } from "./harness/server-storage.ts";
import { testDatabaseKind } from "./harness/test-database.ts";

/**
 * The short form of bench/chat-jitter.ts: 50 readers cut at random every 1–3 s for about 2 s
 * (some again right after reconnecting), 20 messages from senders that are cut too. On PostgreSQL
 * two instances share the database and each reconnect goes to either one.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServers(): Promise<ServerProcess[]> {
  const storage = await createServerStorage(testDatabaseKind);
  cleanups.push(() => storage.drop());
  const env = storage.env;
  // On PostgreSQL two instances share the database.
  const instances = testDatabaseKind === "postgres" ? 2 : 1;
  const servers = await Promise.all(
    Array.from({ length: instances }, async () => {
      const server = startServer({ PORT: String(await freePort()), ...JITTER_SERVER_ENV, ...env });
      cleanups.push(async () => {
        await server.stop("SIGKILL");
      });
      return server;
    }),
  );
  await Promise.all(servers.map((s) => waitForHealthy(s, 60_000)));
  return servers;
}

describe("chat under jitter", () => {
  it("every reader gets every message exactly once and in order, across cuts and resumes", async () => {
    const servers = await startServers();
    const urls = servers.map((s) => s.url);
    const sendEveryMs = 250;
    const senderCookies = await Promise.all(
      Array.from({ length: sendersFor(sendEveryMs) }, (_, i) =>
        signUpSender(urls[i % urls.length] ?? ""),
      ),
    );

    const result = await runChatJitter({
      urls,
      senderCookies,
      clients: 50,
      messages: 20,
      sendEveryMs,
      upMs: [1_000, 3_000],
      downMs: [1_500, 2_500],
      earlyCutShare: 0.1,
      settleMs: 20_000,
    });

    // The jitter really happened: most readers were cut and came back through a resume.
    expect(result.drops).toBeGreaterThanOrEqual(25);
    expect(result.resumes).toBeGreaterThanOrEqual(25);
    expect(result).toMatchObject({
      acked: 20,
      deliveredPercent: 100,
      missing: 0,
      duplicates: 0,
      orderViolations: 0,
      stored: 20,
      storedDuplicates: 0,
    });
  }, 90_000);
});
