/**
 * User enumeration through sign-in timing (issue 8, DESIGN §4): with enumeration protection on (the
 * default), a failed sign-in for an email that has an account (wrong password) and for one that has
 * none must take the same time, or an attacker could tell which emails are registered. The server
 * verifies against a throwaway argon2 hash when the email is unknown; this measures whether that is
 * enough: median time of each kind, interleaved in random order on one keep-alive connection, and
 * the difference of the medians, which must stay under 5 ms.
 *
 *   npx node bench/auth-timing.ts [--attempts 300] [--warmup 30]             # embedded database
 *   DATABASE_URL=postgres://…/scratch npx node bench/auth-timing.ts          # a PostgreSQL database
 *
 * Both kinds must also answer byte for byte the same (401 invalid-credential). Exits 1 when the
 * difference is 5 ms or more, or the answers differ. Run it on an otherwise idle machine.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, startServer, waitForHealthy } from "../test/harness/server-process.ts";

const LIMIT_MS = 5;
const { values } = parseArgs({
  options: {
    attempts: { type: "string", default: "300" },
    warmup: { type: "string", default: "30" },
  },
});
const attempts = Number(values.attempts);
const warmup = Number(values.warmup);

const KNOWN = "known@example.test";
const UNKNOWN = "nobody-here@example.test";
const PASSWORD = "Kettle-Mango-42";

const dataDir = process.env.DATABASE_URL
  ? undefined
  : fs.mkdtempSync(path.join(os.tmpdir(), "ylt-auth-timing-"));
const server = startServer({
  PORT: String(await freePort()),
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  AUTH_ENUMERATION_PROTECTION: "on",
  // The brute-force limits would answer 429 long before the sample is big enough.
  AUTH_SIGNIN_PER_IP_PER_MINUTE: "1000000",
  AUTH_MAX_FAILED_SIGNINS: "1000000",
});

const median = (xs: number[]) => {
  const sorted = xs.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const percentile = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

async function signIn(email: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "not-the-password" }),
  });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

try {
  await waitForHealthy(server);
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: KNOWN, password: PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`registering failed: ${registered.status}`);

  for (let i = 0; i < warmup; i++) await signIn(i % 2 ? KNOWN : UNKNOWN);

  const known: number[] = [];
  const unknown: number[] = [];
  const answers = new Set<string>();
  for (let i = 0; i < attempts; i++) {
    // Each pair in random order, so drift in the machine's load falls on both kinds alike.
    const order = Math.random() < 0.5 ? [KNOWN, UNKNOWN] : [UNKNOWN, KNOWN];
    for (const email of order) {
      const { ms, status, body } = await signIn(email);
      answers.add(`${status} ${body}`);
      (email === KNOWN ? known : unknown).push(ms);
    }
  }

  const difference = median(known) - median(unknown);
  const row = (name: string, xs: number[]) =>
    `| ${name} | ${xs.length} | ${median(xs).toFixed(2)} | ${percentile(xs, 10).toFixed(2)} | ${percentile(xs, 90).toFixed(2)} |`;
  const [load1] = os.loadavg();
  console.log(
    `\nSign-in failures, enumeration protection on, ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, load average ${load1?.toFixed(2)}\n`,
  );
  console.log("| email | attempts | median ms | p10 ms | p90 ms |");
  console.log("|---|--:|--:|--:|--:|");
  console.log(row("has an account (wrong password)", known));
  console.log(row("has no account", unknown));
  console.log(
    `\nDifference of the medians: ${difference.toFixed(2)} ms (limit ${LIMIT_MS} ms); distinct answers: ${answers.size}`,
  );
  for (const answer of answers) console.log(`  ${answer}`);
  if (Math.abs(difference) >= LIMIT_MS || answers.size !== 1) {
    console.log("FAIL");
    process.exitCode = 1;
  } else {
    console.log("PASS");
  }
} finally {
  await server.stop("SIGTERM");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
