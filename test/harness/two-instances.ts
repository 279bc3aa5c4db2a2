import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { type Database, openPostgres } from "../../src/server/db/database.ts";
import type { MailSenderOptions } from "../../src/server/mail/index.ts";
import type { Clock } from "../../src/server/schedule/index.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TwoInstances = {
  /** The two apps: what one of them writes, announces or limits, the other must see. */
  readonly apps: FastifyInstance[];
  /** Their loopback addresses, when `listen` (for sockets and real HTTP clients). */
  readonly urls: string[];
  /** The database both share (for reading or holding rows behind the apps' backs). */
  readonly storage: TestDatabase;
};

type Options = {
  /** The configuration both apps run with, from the test defaults. */
  config?: (defaults: Config) => Config;
  /** Listen on loopback ports (sockets need it); otherwise the apps answer `inject` only. */
  listen?: boolean;
  /** The clock both apps read (a controllable one for time-based rules). */
  clock?: Clock;
  /** The mail senders' timings (tests shorten the retry waits). */
  mailSender?: MailSenderOptions;
};

/**
 * Two instances of the app on one test database, set up before the file's tests and closed after
 * them. On PostgreSQL the second has a pool of its own, so its connections (and LISTENs) are its
 * own, as another process's would be; PGlite is in-process only, so there they share it.
 */
export function twoInstances(options: Options = {}): TwoInstances {
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  let storage: TestDatabase | undefined;
  let second: Database | undefined;

  beforeAll(async () => {
    storage = await createTestDatabase();
    second = storage.url ? await openPostgres(storage.url, 3) : storage.database;
    const defaults: Config = {
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      webDir: undefined,
      // As createTestApp: the tests' minutes-old members review and report as established ones.
      newAccountHours: 0,
    };
    const config = options.config ? options.config(defaults) : defaults;
    for (const database of [storage.database, second]) {
      const { clock, mailSender } = options;
      const app = await buildApp({ config, database, logger: false, clock, mailSender });
      apps.push(app);
      if (!options.listen) continue;
      await app.listen({ port: 0, host: "127.0.0.1" });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    await Promise.all(apps.map((app) => app.ready()));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second && second !== storage?.database) await second.close();
    await storage?.drop();
  });

  return {
    apps,
    urls,
    get storage() {
      if (!storage) throw new Error("twoInstances: the database is set up in beforeAll");
      return storage;
    },
  };
}
