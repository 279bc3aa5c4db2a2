import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { rawUpload } from "../../../test/harness/raw-upload.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";

/**
 * Issue 28, item 14: a client that goes away in the middle of its upload is not a storage outage.
 * It was logged at error level as "storage unavailable" (Node reports it as ECONNRESET), so anyone
 * could raise outage alerts by cutting uploads short.
 */

type LogLine = { level: number; msg: string };
const lines: LogLine[] = [];
let waitingFor: { test: (line: LogLine) => boolean; found: (line: LogLine) => void } | undefined;

let testApp: TestApp | undefined;
let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp(
    {},
    {
      logStream: {
        write: (text) => {
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          if (waitingFor?.test(line)) waitingFor.found(line);
        },
        flush: () => {},
      },
    },
  );
  app = testApp.app;
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => testApp?.close());

const logged = (test: (line: LogLine) => boolean) =>
  new Promise<LogLine>((resolve) => {
    const earlier = lines.find(test);
    if (earlier) return resolve(earlier);
    waitingFor = { test, found: resolve };
  });

/** Resolves once the server has started to read the body of the next request it gets. */
const bodyReadStarts = () =>
  new Promise<void>((resolve) => {
    app.server.once("request", (request: IncomingMessage) => {
      // "resume" is when the body parser starts reading; listening to it does not read anything.
      request.once("resume", () => resolve());
    });
  });

describe("an upload the client cuts short", () => {
  it("is logged at info level as a client abort, never as storage unavailable", async () => {
    const member = await createSignedInUser(app);
    lines.length = 0;
    const reading = bodyReadStarts();
    const { request, answer } = rawUpload(baseUrl, member.username, {
      bytes: 1_000_000,
      cookie: member.cookie,
    });
    answer.catch(() => {});
    request.write(Buffer.alloc(64 * 1024, 0xff));
    await reading;
    request.destroy();

    // The server's first word on it (no "request completed" follows: no answer can be sent).
    const line = await logged(() => true);
    expect(line).toMatchObject({ level: 30, msg: "client aborted the request" });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
