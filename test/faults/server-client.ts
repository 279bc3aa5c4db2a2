import { liftedWriteLimitEnv } from "../../src/server/limits/write-limit-rules.ts";
import { createSignedInUser } from "../harness/factories.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../harness/server-process.ts";
import { createServerStorage, type ServerStorage, withStorage } from "../harness/server-storage.ts";
import { testDatabaseKind } from "../harness/test-database.ts";

export const PASSWORD = "Kettle-Mango-42";

type Cleanup = () => Promise<unknown>;

/** Storage for server processes (test/harness/server-storage.ts), dropped with the cleanups. */
export async function freshStorage(cleanups: Cleanup[]): Promise<ServerStorage> {
  const storage = await createServerStorage(testDatabaseKind);
  cleanups.push(() => storage.drop());
  return storage;
}

/** Two signed-in members with profiles on `storage` (a direct message's sender and recipient). */
export async function twoMembersOn(storage: ServerStorage) {
  const [alice, bob] = await withStorage(storage, async ({ db }) => [
    await createSignedInUser(db),
    await createSignedInUser(db),
  ]);
  if (!alice || !bob) throw new Error("members not created");
  return { alice, bob };
}

/** Starts `node src/server/main.ts` on the storage (with `env` besides) and waits until it answers. */
export async function startOn(
  storage: ServerStorage,
  cleanups: Cleanup[],
  env: Record<string, string> = {},
) {
  const server = startServer({
    PORT: String(await freePort()),
    AUTH_SIGNUP_PER_IP_PER_HOUR: "1000",
    // Each client writes as fast as the server answers; the write limits have their own tests.
    ...liftedWriteLimitEnv(),
    ...storage.env,
    ...env,
  });
  cleanups.push(() => server.stop("SIGKILL"));
  await waitForHealthy(server);
  return server;
}

export type JsonAnswer = { status: number; body: unknown; cookie: string | null };

export async function requestJson(
  server: { url: string },
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: res.headers.get("set-cookie"),
  };
}

export type Account = { username: string; cookie: string };

/** Registers through the API (and creates the profile unless `withProfile` is false). */
export async function signUp(
  server: { url: string },
  username: string,
  withProfile = true,
): Promise<Account> {
  const registered = await requestJson(server, "POST", "/api/auth/register", "", {
    email: `${username}@example.test`,
    password: PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`sign-up of ${username}: ${registered.status}`);
  const cookie = (registered.cookie ?? "").split(";")[0] ?? "";
  if (withProfile) {
    const created = await requestJson(server, "POST", "/api/users", cookie, { username });
    if (created.status !== 201) throw new Error(`profile of ${username}: ${created.status}`);
  }
  return { username, cookie };
}

/** A direct message to send: from whom (their session cookie), to whom, and its words. */
export type MessageToSend = { cookie: string; to: string; text: string; clientId: string };

/**
 * Sends `messages` to `writer` at once and kills it with SIGKILL as soon as the first answer is
 * in, so that some sends have committed without being answered; resolves to each send's status
 * (0: no answer).
 */
export async function sendAndKill(
  writer: ServerProcess,
  messages: readonly MessageToSend[],
): Promise<number[]> {
  const sends = messages.map(({ cookie, to, text, clientId }) =>
    requestJson(writer, "POST", `/api/conversations/with/${to}/messages`, cookie, {
      text,
      clientId,
    }).then(
      (answer) => answer.status,
      () => 0,
    ),
  );
  await Promise.race(sends);
  writer.child.kill("SIGKILL");
  await writer.exited;
  return Promise.all(sends);
}
