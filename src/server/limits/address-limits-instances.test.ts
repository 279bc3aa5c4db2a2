import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { nextAddress, PASSWORD, uniqueEmail } from "../../../test/harness/accounts.ts";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import { CLOSE_TOO_MANY_CONNECTIONS } from "../../shared/chat.ts";

/**
 * Issue 28, item 8: the per-address limits hold across instances. Two apps on one database, as two
 * servers behind a load balancer: on PostgreSQL each with its own connection pool, on PGlite (one
 * process only) sharing the one connection. Requests alternate between them; before, each instance
 * counted in its own memory and two allowed twice the limit.
 */
const SIGN_UPS_PER_HOUR = 4;
const UPGRADES_PER_MINUTE = 6;

const { apps, urls } = twoInstances({
  listen: true,
  config: (defaults) => ({
    ...defaults,
    auth: { ...defaults.auth, signUpPerIpPerHour: SIGN_UPS_PER_HOUR },
    chat: { ...defaults.chat, upgradesPerAddressPerMinute: UPGRADES_PER_MINUTE },
  }),
});
const chat = chatClientsClosedAfterEach();

/** The i-th request goes to instance i % 2, all from `remoteAddress`. */
function alternate(i: number, remoteAddress: string, url: string, payload: object) {
  const app = apps[i % 2] as FastifyInstance;
  return app.inject({ method: "POST", url, payload, remoteAddress });
}

/** Statuses of `count` requests sent one after another, alternating between the instances. */
async function statuses(
  count: number,
  send: (i: number) => Promise<LightMyRequestResponse>,
): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await send(i)).statusCode);
  return answers;
}

describe("per-address limits with two instances on one database", () => {
  it("sign-in: 10 attempts a minute from one address in all, whichever instance answers", async () => {
    const limit = apps[0]?.config.auth.signInPerIpPerMinute ?? 0;
    expect(limit).toBe(10);
    const address = nextAddress();
    // Each attempt names another unknown email, so the per-account limit stays out of the way.
    const answers = await statuses(limit + 2, (i) =>
      alternate(i, address, "/api/auth/login", { email: uniqueEmail("nobody"), password: "x" }),
    );
    expect(answers).toEqual([...Array(limit).fill(401), 429, 429]);
    const other = await alternate(1, nextAddress(), "/api/auth/login", {
      email: uniqueEmail("nobody"),
      password: "x",
    });
    expect(other.statusCode).toBe(401);
  });

  it("sign-up: the hour's limit holds across instances", async () => {
    const address = nextAddress();
    const answers = await statuses(SIGN_UPS_PER_HOUR + 1, (i) =>
      alternate(i, address, "/api/auth/register", { email: uniqueEmail(), password: PASSWORD }),
    );
    expect(answers).toEqual([...Array(SIGN_UPS_PER_HOUR).fill(201), 429]);
  });

  it("forgot password: 10 a minute from one address in all", async () => {
    const limit = apps[0]?.config.auth.forgotPasswordPerIpPerMinute ?? 0;
    expect(limit).toBe(10);
    const address = nextAddress();
    const answers = await statuses(limit + 1, (i) =>
      alternate(i, address, "/api/auth/forgot-password", { email: uniqueEmail("forgot") }),
    );
    expect(answers.slice(0, limit).every((status) => status !== 429)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it("chat upgrades: the minute's limit holds across instances, the next socket is closed 4429", async () => {
    for (let i = 0; i < UPGRADES_PER_MINUTE; i++) {
      await (await chat.join(urls[i % 2] ?? "")).close();
    }
    for (const url of urls) {
      const extra = await chat.connect(url);
      expect(await extra.closed).toEqual({
        code: CLOSE_TOO_MANY_CONNECTIONS,
        reason: "Too many chat connection attempts: try again in a minute.",
      });
    }
  });
});
