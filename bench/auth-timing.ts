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
import { freePort, startServer, waitForHealthy } from "../test/harness/server-process.ts";
import { benchArgs, onCleanUp, runMain, tempDir } from "./bench-kit.ts";
import { loadAverage, median, percentile } from "./report.ts";

const LIMIT_MS = 5;
const { attempts, warmup } = benchArgs({ attempts: 300, warmup: 30 });

const KNOWN = "known@example.test";
const UNKNOWN = "nobody-here@example.test";
const PASSWORD = "Kettle-Mango-42";

const databaseUrl = process.env.DATABASE_URL;
const server = startServer({
  PORT: String(await freePort()),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: tempDir("auth-timing") }),
  AUTH_ENUMERATION_PROTECTION: "on",
  // The brute-force limits would answer 429 long before the sample is big enough.
  AUTH_SIGNIN_PER_IP_PER_MINUTE: "1000000",
  AUTH_MAX_FAILED_SIGNINS: "1000000",
});
onCleanUp(() => server.stop("SIGTERM").then(() => {}));

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

/** `attempts` pairs of failed sign-ins, each pair in random order, after `warmup` discarded. */
async function sample() {
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
  return { known, unknown, answers };
}

await runMain(async () => {
  await waitForHealthy(server);
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: KNOWN, password: PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`registering failed: ${registered.status}`);
  const { known, unknown, answers } = await sample();
  const difference = median(known) - median(unknown);
  const row = (name: string, xs: number[]) => {
    const sorted = xs.toSorted((a, b) => a - b);
    const [p10, p90] = [percentile(sorted, 10), percentile(sorted, 90)];
    return `| ${name} | ${xs.length} | ${median(xs).toFixed(2)} | ${p10.toFixed(2)} | ${p90.toFixed(2)} |`;
  };
  console.log(
    `\nSign-in failures, enumeration protection on, ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}, load average ${loadAverage()}\n`,
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
});
