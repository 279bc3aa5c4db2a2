import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stoppedAfterEach } from "./harness/process-cleanup.ts";
import { freePort, SERVER_MAIN, startServer, waitForHealthy } from "./harness/server-process.ts";

/**
 * Issue 34, a fresh install's first start: the server listens on this machine only outside
 * production, says where to open it, that nobody moderates yet, and where development mail shows;
 * the mail viewer exists only when asked for outside production.
 */
const { running, tempDirs } = stoppedAfterEach();

/** A server on an empty embedded database, `env` on top (HOST unset unless given), its log kept. */
async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-first-run-"));
  tempDirs.push(dataDir);
  const server = startServer(
    // HOST "" is unset (config.ts reads blank as unset): the default is what is under test.
    {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      HOST: "",
      ...env,
    },
    { stdout: "pipe" },
  );
  running.push(server);
  let output = "";
  server.child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  await waitForHealthy(server);
  /** The start notes come after listen: wait for the last one every start writes. */
  const messages = async () => {
    for (let waited = 0; waited < 5_000; waited += 20) {
      if (output.includes('"msg":"open ')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return output
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; level: number });
  };
  return { server, messages };
}

/** This machine's first address other than loopback, if it has one. */
function otherAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === "IPv4" && !info.internal)?.address;
}

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

describe("a first start in development", () => {
  it("listens on this machine only, says how to open it and to expose it, that nobody moderates, and has no mail viewer", async () => {
    const { server, messages } = await start({ NODE_ENV: "development" });
    const lines = (await messages()).map((line) => line.msg);
    expect(lines).toContain(`open http://localhost:${server.port}`);
    expect(lines).toContain(
      "listening on 127.0.0.1 only: other machines cannot reach it; set HOST=0.0.0.0 to accept them",
    );
    const moderation = lines.filter((line) => line.startsWith("moderation:"));
    expect(moderation).toHaveLength(1);
    expect(moderation[0]).toContain("ADMIN_EMAILS");
    expect(lines.some((line) => line.startsWith("mail viewer:"))).toBe(false);
    expect(lines).toContain(
      "mail: no SMTP_URL, messages are written to this log (DEV_MAIL_VIEWER=true, as npm run dev sets, also lists them at /dev/mail)",
    );

    const other = otherAddress();
    if (other) expect(await connects(other, server.port)).toBe(false);
    expect(await connects("127.0.0.1", server.port)).toBe(true);

    // The web app's page for any other path, but not for this one: it is not there at all.
    const viewer = await fetch(`${server.url}/dev/mail`);
    expect(viewer.status).toBe(404);
  });

  it("with ADMIN_EMAILS set, says nothing about moderation; with HOST=0.0.0.0, nothing about exposing it", async () => {
    const { messages } = await start({
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      ADMIN_EMAILS: "ana@talents.example",
    });
    const lines = (await messages()).map((line) => line.msg);
    expect(lines.filter((line) => line.startsWith("moderation:"))).toEqual([]);
    expect(lines.filter((line) => line.includes("HOST=0.0.0.0"))).toEqual([]);
  });

  it("with DEV_MAIL_VIEWER=true, /dev/mail lists the mail the outbox holds, newest first, its links clickable", async () => {
    const { server, messages } = await start({ NODE_ENV: "development", DEV_MAIL_VIEWER: "true" });
    expect((await messages()).map((line) => line.msg)).toContain(
      `mail viewer: http://localhost:${server.port}/dev/mail lists what the outbox would have sent`,
    );
    const empty = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(empty).toContain("No mail yet.");

    for (const who of ["first", "second"]) {
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `${who}@example.test`, password: "Fresh-install-42" }),
      });
      expect(registered.status).toBe(201);
    }
    const res = await fetch(`${server.url}/dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html.indexOf("To second@example.test")).toBeGreaterThan(-1);
    expect(html.indexOf("To second@example.test")).toBeLessThan(
      html.indexOf("To first@example.test"),
    );
    expect(html).toMatch(/<a href="http:\/\/[^"]+\/verify-email[^"]*">/);
  });
});

describe("in production", () => {
  it("refuses DEV_MAIL_VIEWER at start, and /dev/mail answers 404", async () => {
    const refused = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [SERVER_MAIN],
        {
          env: {
            PATH: process.env.PATH ?? "",
            NODE_ENV: "production",
            ALLOWED_HOSTS: "talents.example",
            DEV_MAIL_VIEWER: "true",
          },
        },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("DEV_MAIL_VIEWER=true is for development only");

    const { server, messages } = await start({
      NODE_ENV: "production",
      ALLOWED_HOSTS: "talents.example",
      HOST: "127.0.0.1",
    });
    expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
    // Production's own default is every interface: nothing said about it there.
    expect((await messages()).some((line) => line.msg.includes("HOST=0.0.0.0"))).toBe(false);
  });
});
