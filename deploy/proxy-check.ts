/**
 * Runs compose.yaml's topology without Docker and checks the proxy part of it: deploy/nginx.conf
 * (TLS, HTTP→HTTPS redirect, round-robin, WebSocket upgrades) in front of two app processes in
 * production mode on one fresh PostgreSQL database, all on 127.0.0.1.
 *
 *   apt-get install nginx-light    # once; any nginx ≥ 1.22
 *   npx node deploy/proxy-check.ts # PostgreSQL from TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 *
 * Needs `openssl` (a throwaway self-signed certificate) and a built web app (dist/web, or WEB_DIR).
 * Prints each check and exits 1 if one fails. Not part of `npm test` (CI has no nginx); the same
 * topology without the proxy is test/topology.test.ts.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { createScratchPostgres, type ScratchPostgres } from "../test/harness/scratch-postgres.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../test/harness/server-process.ts";

const root = path.resolve(import.meta.dirname, "..");
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-proxy-"));
const [httpPort, httpsPort] = [await freePort(), await freePort()];
const base = `https://localhost:${httpsPort}`;

/** deploy/nginx.conf with this machine's ports and paths; `http2 on` is nginx ≥ 1.25.1 only. */
function siteConfig(appPorts: number[], oldNginx: boolean): string {
  return fs
    .readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace("server app1:3000;", `server 127.0.0.1:${appPorts[0]};`)
    .replace("server app2:3000;", `server 127.0.0.1:${appPorts[1]};`)
    .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
    .replace("listen 443 ssl;", `listen 127.0.0.1:${httpsPort} ssl${oldNginx ? " http2" : ""};`)
    .replace(oldNginx ? "http2 on;" : "\u0000", "")
    .replaceAll("/etc/nginx/certs", path.join(work, "certs"));
}

/** nginx's version, from `nginx -v` (which prints to standard error). */
function nginxVersion(): number[] {
  const banner = execFileSync("sh", ["-c", "nginx -v 2>&1"], { encoding: "utf8" });
  const match = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(banner);
  if (!match) throw new Error(`nginx is not installed (apt-get install nginx-light): ${banner}`);
  return match.slice(1).map(Number);
}

const results: { check: string; ok: boolean; got: unknown }[] = [];
const check = (name: string, ok: boolean, got: unknown) => results.push({ check: name, ok, got });

let database: ScratchPostgres | undefined;
const servers: ServerProcess[] = [];
const appLogs = ["", ""];
let nginx: ReturnType<typeof spawn> | undefined;
try {
  const [major = 0, minor = 0, patch = 0] = nginxVersion();
  const oldNginx = major === 1 && (minor < 25 || (minor === 25 && patch < 1));

  fs.mkdirSync(path.join(work, "certs"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
      ...[
        "-keyout",
        path.join(work, "certs/privkey.pem"),
        "-out",
        path.join(work, "certs/fullchain.pem"),
      ],
    ],
    { stdio: "ignore" },
  );

  database = await createScratchPostgres(adminUrl, "ylt_proxy");

  for (let i = 0; i < 2; i++) {
    const server = startServer(
      {
        PORT: String(await freePort()),
        DATABASE_URL: database.url,
        NODE_ENV: "production",
        PUBLIC_ORIGIN: base,
        TRUST_PROXY: "true",
        LOG_LEVEL: "info",
        ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
      },
      { stdout: "pipe" },
    );
    server.child.stdout?.on("data", (chunk) => {
      appLogs[i] += String(chunk);
    });
    servers.push(server);
  }
  await Promise.all(servers.map((s) => waitForHealthy(s)));

  fs.writeFileSync(
    path.join(work, "site.conf"),
    siteConfig(
      servers.map((s) => s.port),
      oldNginx,
    ),
  );
  fs.writeFileSync(
    path.join(work, "nginx.conf"),
    [
      "worker_processes 1;",
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/error.log;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log ${work}/access.log;`,
      `  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy;`,
      `  include ${work}/site.conf;`,
      "}",
    ].join("\n"),
  );
  nginx = spawn("nginx", ["-p", work, "-c", path.join(work, "nginx.conf"), "-g", "daemon off;"], {
    stdio: "inherit",
  });
  // The certificate is self-signed: trust it for this process's fetch and ws only.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const plain = await fetch(`http://127.0.0.1:${httpPort}/api/health`, { redirect: "manual" });
  check("plain HTTP redirects to HTTPS", plain.status === 301, plain.headers.get("location"));
  const health = await fetch(`${base}/api/health`);
  check(
    "HSTS over HTTPS (X-Forwarded-Proto from the proxy)",
    health.headers.get("strict-transport-security") === "max-age=31536000; includeSubDomains",
    health.headers.get("strict-transport-security"),
  );

  const headers = {
    "content-type": "application/json",
    origin: base,
    "sec-fetch-site": "same-origin",
    "x-forwarded-for": "203.0.113.66", // a client's lie: the proxy must overwrite it
  };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `proxy-${Date.now()}@example.test`, password: "kettle-proxy-1" }),
  });
  const setCookie = registered.headers.getSetCookie()[0] ?? "";
  check(
    "sign-up through the proxy (Origin with the port matches)",
    registered.status === 201,
    registered.status,
  );
  check(
    "session cookie is __Host- and Secure",
    /^__Host-ylt_session=.*; Secure/.test(setCookie) && /HttpOnly/.test(setCookie),
    setCookie.replace(/=[^;]+/, "=…"),
  );
  const cookie = setCookie.split(";")[0] ?? "";

  const seen = [];
  for (let i = 0; i < 4; i++) {
    const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as {
      user: unknown;
    };
    seen.push(me.user !== null);
  }
  check("the session works on both instances (round-robin)", seen.every(Boolean), seen);
  const forged = await fetch(`${base}/api/auth/logout`, {
    method: "POST",
    headers: { origin: "https://evil.example", cookie },
  });
  check("a cross-site mutation is refused", forged.status === 403, forged.status);
  const profile = await fetch(`${base}/api/users`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({
      username: `proxy_${Date.now() % 1_000_000}`,
      skills: [],
      interests: [],
    }),
  });
  check("profile created", profile.status === 201, profile.status);

  const open = (withCookie?: string, origin = base) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`wss://localhost:${httpsPort}/api/chat`, {
        origin,
        headers: withCookie ? { cookie: withCookie } : {},
        rejectUnauthorized: false,
      });
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) => reject(new Error(String(res.statusCode))));
      ws.once("message", () => resolve(ws));
    });
  const readers = await Promise.all([open(), open(), open(), open()]);
  const received = readers.map(() => 0);
  readers.forEach((ws, i) => {
    ws.on("message", (data) => {
      if (String(data).includes("hello through the proxy")) received[i] = (received[i] ?? 0) + 1;
    });
  });
  const sender = await open(cookie);
  const answer = new Promise<string>((resolve) => {
    sender.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { type: string };
      if (frame.type === "ack" || frame.type === "error") resolve(frame.type);
    });
  });
  sender.send(
    JSON.stringify({ type: "send", text: "hello through the proxy", clientId: "proxy-1" }),
  );
  check("chat over wss through the proxy: acknowledged", (await answer) === "ack", "ack");
  await new Promise((r) => setTimeout(r, 500));
  check(
    "every reader, on either instance, got it once",
    received.every((n) => n === 1),
    received,
  );
  const foreign = await open(undefined, "https://evil.example").then(
    () => "opened",
    (error: Error) => error.message,
  );
  check("a chat upgrade from a foreign Origin is refused", foreign === "403", foreign);
  for (const ws of [...readers, sender]) ws.terminate();

  // Issue 28 item 3: a Host that would make a link point elsewhere never reaches the apps.
  // The apps refuse it too (JSON); the proxy's own answer is its HTML page.
  const poisonedHost = await new Promise<string>((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        port: httpsPort,
        path: "/api/health",
        servername: "localhost",
        rejectUnauthorized: false,
        headers: { host: `localhost:${httpsPort}@evil.example` },
      },
      (res) => {
        res.resume();
        resolve(`${res.statusCode} ${res.headers["content-type"]}`);
      },
    );
    req.on("error", reject);
    req.end();
  });
  check(
    "a malformed Host is refused by the proxy itself",
    poisonedHost.startsWith("400 text/html"),
    poisonedHost,
  );

  const addresses = new Set(
    appLogs.flatMap((log) => [...log.matchAll(/"remoteAddress":"([^"]+)"/g)].map((m) => m[1])),
  );
  check(
    "the apps see the proxy's address, not the client's X-Forwarded-For",
    !addresses.has("203.0.113.66") && addresses.has("127.0.0.1"),
    [...addresses],
  );
  const perInstance = appLogs.map((log) => (log.match(/request completed/g) ?? []).length);
  check(
    "both instances served requests",
    perInstance.every((n) => n > 0),
    perInstance,
  );
} catch (error) {
  check("run", false, error instanceof Error ? error.message : String(error));
} finally {
  nginx?.kill("SIGTERM");
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
}

for (const r of results)
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.check}: ${JSON.stringify(r.got)}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
