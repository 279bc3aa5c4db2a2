import { type Database, openPostgres } from "../../src/server/db/database.ts";
import { liftedWriteLimitEnv } from "../../src/server/limits/write-limit-rules.ts";
import { connectChat, isFrame } from "../harness/chat-test-client.ts";
import { createSignedInUser } from "../harness/factories.ts";
import { createScratchPostgres, testPostgresUrl } from "../harness/scratch-postgres.ts";
import { freePort, startServer, waitForHealthy } from "../harness/server-process.ts";
import { caller } from "./storage-answers.ts";
import { startTcpProxy } from "./tcp-proxy.ts";

/** What `cleanups` stops in reverse order after each test (the files' afterEach). */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * The setup of the PostgreSQL fault tests (cut, partition): a scratch database behind a TCP proxy
 * (`proxyOptions`), a server process on it through the proxy with the write limits lifted, a
 * direct connection around the proxy for seeding and checking, the member "owner" signed in, and
 * two chat sockets (a listener, and the owner's) past their snapshots. All of it goes on
 * `cleanups`.
 */
export async function proxiedPostgresServer(
  cleanups: Cleanups,
  proxyOptions?: Parameters<typeof startTcpProxy>[1],
) {
  const database = await createScratchPostgres(testPostgresUrl());
  cleanups.push(() => database.drop());
  const proxy = await startTcpProxy(database, proxyOptions);
  cleanups.push(() => proxy.close());
  const server = startServer({
    PORT: String(await freePort()),
    DATABASE_URL: proxy.url(database.url),
    // Many writes by new accounts: past a limit a write is a 429 before the fault, which these
    // tests would take for a wrong answer; the write limits have their own tests.
    ...liftedWriteLimitEnv(),
  });
  cleanups.push(() => server.stop("SIGKILL"));
  await waitForHealthy(server);
  const direct: Database = await openPostgres(database.url, 2);
  cleanups.push(() => direct.close());
  const owner = await createSignedInUser(direct.db, { username: "owner" });
  const listener = await connectChat(server.url);
  const speaker = await connectChat(server.url, { cookie: owner.cookie });
  cleanups.push(() => Promise.all([listener.close(), speaker.close()]));
  await Promise.all([listener.waitFor(isFrame("snapshot")), speaker.waitFor(isFrame("snapshot"))]);
  return { proxy, server, direct, owner, call: caller(server), listener, speaker };
}
