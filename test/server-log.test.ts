import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stoppedAfterEach } from "./harness/process-cleanup.ts";
import { freePort, startServer, waitForHealthy } from "./harness/server-process.ts";

/** The server's own log as a person and as a log collector see it (issue 20). */

const { running, tempDirs } = stoppedAfterEach();

/** A server on an empty embedded database whose standard output is kept line by line. */
async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-log-"));
  tempDirs.push(dataDir);
  const server = startServer(
    { PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    { stdout: "pipe" },
  );
  running.push(server);
  let output = "";
  server.child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  await waitForHealthy(server);
  return {
    url: server.url,
    /** The lines written so far that contain `text`, once at least one does. */
    linesWith: async (text: string) => {
      for (let waited = 0; waited < 5_000; waited += 20) {
        const lines = output.split("\n").filter((line) => line.includes(text));
        if (lines.length > 0) return lines;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no log line with ${text} in:\n${output}`);
    },
  };
}

const ESC = "\u001b";

describe("the request log", () => {
  it("in development, LOG_FORMAT=pretty: one coloured line per request with method, URL, status and time", async () => {
    const server = await start({ NODE_ENV: "development", LOG_FORMAT: "pretty", FORCE_COLOR: "1" });
    await (await fetch(`${server.url}/api/articles?topic=Plumbing`)).arrayBuffer();
    const lines = await server.linesWith("/api/articles?topic=Plumbing");
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? "";
    expect(line).toContain(`${ESC}[1mGET${ESC}[22m /api/articles?topic=Plumbing ${ESC}[32m200`);
    expect(line).toMatch(/\d+\.\d ms/);
    expect(line).toMatch(/req-\d+/);
    expect(line).not.toContain("{");
    // A refusal's status is coloured as one.
    await (await fetch(`${server.url}/api/articles`, { method: "POST" })).arrayBuffer();
    const [refused] = await server.linesWith("POST");
    expect(refused).toContain(`/api/articles ${ESC}[33m401`);
  });

  it("in production: one JSON line per request, with its id, request, status and time", async () => {
    const server = await start({ NODE_ENV: "production", ALLOWED_HOSTS: "talents.example" });
    await (await fetch(`${server.url}/api/articles?topic=Plumbing`)).arrayBuffer();
    const lines = await server.linesWith("/api/articles?topic=Plumbing");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "");
    expect(entry).toMatchObject({
      level: 30,
      msg: "request completed",
      reqId: expect.stringMatching(/^req-\d+$/),
      req: { method: "GET", url: "/api/articles?topic=Plumbing", remoteAddress: "127.0.0.1" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect((await server.linesWith('"msg"')).some((l) => l.includes("incoming request"))).toBe(
      false,
    );
  });

  it("in development with standard output piped (not a terminal): JSON, for whatever reads it", async () => {
    const server = await start({ NODE_ENV: "development" });
    await (await fetch(`${server.url}/api/health`)).arrayBuffer();
    const [line] = await server.linesWith('"url":"/api/health"');
    expect(JSON.parse(line ?? "")).toMatchObject({ msg: "request completed" });
  });
});
