/**
 * Lighthouse lab scores (DESIGN §6) for `/`, `/login`, `/feed` (signed in) and `/user/:username`,
 * mobile and desktop: a production build served by the real server (NODE_ENV=production, embedded
 * database in a temporary folder), audited by the `lighthouse` package driving Debian's Chromium.
 *
 *   npx node bench/lighthouse.ts                    # build into a temporary folder, then audit
 *   npx node bench/lighthouse.ts --web-dir DIR      # audit an existing build instead
 *   npx node bench/lighthouse.ts --runs 3           # median of 3 runs per page (by performance score)
 *   npx node bench/lighthouse.ts --only mobile --pages /,/feed
 *   npx node bench/lighthouse.ts --save-json DIR    # also keep each full report (open in the viewer)
 *   npx node bench/lighthouse.ts --url http://127.0.0.1:3000   # audit a server already running
 *
 * Everything is local: the server, the data (one signed-in member with a profile and 20 posts, a
 * second member who reviewed the first), and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * Below the table come the audits that cost points, to say what to fix.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { build } from "vite";
import { ROOT } from "../test/harness/server-process.ts";
import { onCleanUp, runMain, tempDir } from "./bench-kit.ts";
import { machineLine, median } from "./report.ts";
import { startAppServer } from "./servers.ts";

const { values: args } = parseArgs({
  options: {
    "web-dir": { type: "string" },
    runs: { type: "string", default: "1" },
    only: { type: "string" },
    pages: { type: "string" },
    "save-json": { type: "string" },
    url: { type: "string" },
  },
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const BUDGET = {
  mobile: { performance: 95 },
  desktop: { performance: 100 },
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.05,
};

type FormFactor = "mobile" | "desktop";
type Audit = {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  scoreDisplayMode: string;
};
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
};

// ── set-up ──────────────────────────────────────────────────────────────────

async function buildWeb(): Promise<string> {
  const outDir = tempDir("lighthouse-web");
  await build({
    configFile: path.join(ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

type Member = { cookie: string; username: string };

async function api(base: string, route: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(`${base}/api${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
  return response;
}

/** Registers a member and creates its profile through the API, as the app does. */
async function signUp(base: string, skills: string[], interests: string[]): Promise<Member> {
  const id = randomBytes(4).toString("hex");
  const registered = await api(base, "/auth/register", {
    email: `lighthouse-${id}@example.test`,
    password: `pw-${id}-Kettle!`,
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const username = `member_${id}`;
  await api(base, "/users", { username, skills, interests }, cookie);
  return { cookie, username };
}

async function seed(base: string): Promise<Member> {
  const member = await signUp(base, ["Plumber", "Personal Chef"], ["Tour Guide"]);
  const reviewer = await signUp(base, ["Math Teacher"], ["Plumber"]);
  for (let i = 1; i <= 20; i++) {
    await api(
      base,
      "/articles",
      {
        title: `Fixing leaky taps, part ${i}`,
        topic: i % 2 ? "Plumbing" : "Cooking",
        body:
          "Most drips come from a worn washer or O-ring. Turn the water off under the sink, " +
          "open the tap to drain it, then take the handle apart and bring the old part to the shop. ".repeat(
            2,
          ),
      },
      member.cookie,
    );
  }
  await api(
    base,
    "/reviews",
    {
      created_about: member.username,
      title: "Quick and tidy",
      body: "Fixed our boiler in an hour.",
      rating: 5,
    },
    reviewer.cookie,
  );
  return member;
}

/** Headless Chromium with a DevTools port for Lighthouse; stopped by `cleanUp()`. */
async function startChromium(): Promise<{ port: number; child: ChildProcess }> {
  const profile = tempDir("lighthouse-chromium");
  const child = spawn(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-default-apps",
      "--disable-extensions",
      "--mute-audio",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  onCleanUp(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(force);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${stderr}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${stderr}`)));
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  child.stderr?.resume();
  return { port, child };
}

// ── audits ──────────────────────────────────────────────────────────────────

async function audit(
  url: string,
  formFactor: FormFactor,
  port: number,
  cookie?: string,
): Promise<Lhr> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  const lhr = result?.lhr as unknown as Lhr | undefined;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** Lighthouse asks to run again after a trace it could not read (NO_NAVSTART…): up to 3 tries. */
async function auditWithRetries(...params: Parameters<typeof audit>): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(...params);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${error instanceof Error ? error.message : error}: trying again`);
    }
  }
}

const score = (lhr: Lhr, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Audits that cost points: failed ones in a scored category, and the performance opportunities. */
function costsPoints(category: string, weight: number, item: Lhr["audits"][string] | undefined) {
  if (!item || item.score === null || item.score >= 0.9) return false;
  if (item.scoreDisplayMode === "informative" || item.scoreDisplayMode === "notApplicable") {
    return false;
  }
  return !(category === "performance" && weight === 0 && item.score >= 0.5);
}

function losses(lhr: Lhr): string[] {
  const found: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (!item || !costsPoints(category, ref.weight, item)) continue;
      found.push(
        `${category}: ${item.id} (${item.title}) ${item.displayValue ?? ""} score ${item.score}`.trim(),
      );
    }
  }
  return found;
}

function mark(ok: boolean, text: string): string {
  return ok ? text : `**${text}**`;
}

type AuditedPage = { path: string; cookie?: string };

/** `runs` audits of one page in one form factor; its table row (the median run), notes and verdict. */
async function auditPage(
  base: string,
  page: AuditedPage,
  formFactor: "mobile" | "desktop",
  runs: number,
  port: number,
): Promise<{ row: string; notes: string[]; met: boolean }> {
  const results: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    results.push(await auditWithRetries(`${base}${page.path}`, formFactor, port, page.cookie));
  }
  const middle = median(results.map((lhr) => score(lhr, "performance")));
  const lhr = results.find((r) => score(r, "performance") >= middle) ?? (results[0] as Lhr);
  const saveDir = args["save-json"];
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${formFactor}${page.path.replace(/[^a-z0-9]+/gi, "-").replace(/-$/, "") || "-home"}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
  }
  const perf = score(lhr, "performance");
  const a11y = score(lhr, "accessibility");
  const bp = score(lhr, "best-practices");
  const lcp = numeric(lhr, "largest-contentful-paint");
  const tbt = numeric(lhr, "total-blocking-time");
  const cls = numeric(lhr, "cumulative-layout-shift");
  const checks = [
    perf >= BUDGET[formFactor].performance,
    a11y >= BUDGET.accessibility,
    bp >= BUDGET.bestPractices,
    lcp <= BUDGET.lcpMs,
    tbt <= BUDGET.tbtMs,
    cls <= BUDGET.cls,
  ];
  const label = page.path.startsWith("/user/") ? "/user/:username" : page.path;
  const row =
    `| \`${label}\`${page.cookie ? " (signed in)" : ""} | ${formFactor} | ` +
    [
      mark(checks[0] ?? false, String(perf)),
      mark(checks[1] ?? false, String(a11y)),
      mark(checks[2] ?? false, String(bp)),
      mark(checks[3] ?? false, `${Math.round(lcp)} ms`),
      mark(checks[4] ?? false, `${Math.round(tbt)} ms`),
      mark(checks[5] ?? false, cls.toFixed(3)),
    ].join(" | ") +
    " |";
  const notes = [
    ...losses(lhr).map((loss) => `- ${label} ${formFactor}: ${loss}`),
    ...lhr.runWarnings.map((warning) => `- ${label} ${formFactor}: warning: ${warning}`),
  ];
  return { row, notes, met: checks.every(Boolean) };
}

// ── main ────────────────────────────────────────────────────────────────────

await runMain(async () => {
  const runs = Math.max(1, Number(args.runs));
  const base = args.url ? args.url.replace(/\/$/, "") : await startServer();
  const member = await seed(base);
  const chromium = await startChromium();

  const pages: { path: string; cookie?: string }[] = [
    { path: "/" },
    { path: "/login" },
    { path: "/feed", cookie: member.cookie },
    { path: `/user/${member.username}` },
  ].filter(
    (page) =>
      !args.pages ||
      args.pages
        .split(",")
        .some((p) => page.path.startsWith(p) && (p !== "/" || page.path === "/")),
  );
  const formFactors = (["mobile", "desktop"] as const).filter((f) => !args.only || args.only === f);

  const rows: string[] = [];
  const notes: string[] = [];
  let allMet = true;
  for (const formFactor of formFactors) {
    for (const page of pages) {
      const audited = await auditPage(base, page, formFactor, runs, chromium.port);
      rows.push(audited.row);
      notes.push(...audited.notes);
      allMet &&= audited.met;
    }
  }

  console.log(`Lighthouse ${lighthouseVersion()}, Chromium ${chromiumVersion()}; ${machineLine()}`);
  console.log(
    `${runs} run(s) per page, the median by performance score; bold = misses its budget\n`,
  );
  console.log(
    "| page | form factor | performance | accessibility | best practices | LCP | TBT | CLS |",
  );
  console.log("|---|---|--:|--:|--:|--:|--:|--:|");
  console.log(
    "| budget | | ≥ 95 mobile, 100 desktop | 100 | 100 | ≤ 2,000 ms | ≤ 100 ms | ≤ 0.05 |",
  );
  for (const row of rows) console.log(row);
  if (notes.length > 0)
    console.log(`\nAudits that cost points:\n${[...new Set(notes)].join("\n")}`);
  if (!allMet) process.exitCode = 1;
});

/** A production build (made now unless --web-dir) served by the real server on a fresh database. */
async function startServer(): Promise<string> {
  const webDir = args["web-dir"] ? path.resolve(args["web-dir"]) : await buildWeb();
  if (!fs.existsSync(path.join(webDir, "index.html"))) throw new Error(`${webDir} holds no build`);
  const server = await startAppServer({
    DATA_DIR: tempDir("lighthouse-data"),
    WEB_DIR: webDir,
    // The seed's member is a new account that writes 20 posts: above a new account's hourly limit.
    WRITE_LIMIT_POSTS_PER_HOUR: "100",
    WRITE_LIMIT_NEW_ACCOUNT_POSTS_PER_HOUR: "100",
  });
  return server.url;
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8"),
  );
  return String(pkg.version);
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ["--version"], { encoding: "utf8" })
      .trim()
      .replace(/^Chromium /, "");
  } catch {
    return "(version unknown)";
  }
}
