import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_MAP_TILE_URL } from "./e2e/support/map-tiles.ts";
import { MODERATOR_EMAILS } from "./e2e/support/moderators.ts";
import { newAccountsURL } from "./e2e/support/new-accounts-server.ts";
import { authoritiesWithTestPushService } from "./test/harness/push-service-authority.ts";
import { freePort } from "./test/harness/server-process.ts";

// Playwright loads this file in the runner and in each worker: the first one picks the port and data
// directory, the workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `ylt-e2e-${randomBytes(4).toString("hex")}`);
process.env.E2E_OIDC_PORT ??= String(await freePort());
// Issue 32: a second app server with NEW_ACCOUNT_HOURS as shipped, for the held-review journey.
process.env.E2E_NEW_ACCOUNTS_PORT ??= String(await freePort());
process.env.E2E_NEW_ACCOUNTS_DATA_DIR ??= path.join(
  os.tmpdir(),
  `ylt-e2e-new-${randomBytes(4).toString("hex")}`,
);
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_SMTP_API_PORT ??= String(await freePort());
/** The test SMTP server's HTTP API, which e2e/support/mailbox.ts reads. */
process.env.E2E_SMTP_API ??= `http://127.0.0.1:${process.env.E2E_SMTP_API_PORT}`;
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

/** The local OpenID Connect provider standing in for Google (e2e/support/oidc-server.ts). */
const oidcURL = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
/** The real SMTP server the app sends to (e2e/support/smtp-catcher-server.ts). */
const smtpURL = `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`;

/** Browser journeys against the production build served by the real server, in Debian's Chromium. */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Two, as in CI, everywhere: the journeys mostly wait on the server and the browser (Playwright's
  // default would be one worker on these 2-core machines).
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /responsive\.spec\.ts/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /responsive\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: "node e2e/support/smtp-catcher-server.ts",
      url: `${process.env.E2E_SMTP_API}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        E2E_SMTP_PORT: String(process.env.E2E_SMTP_PORT),
        E2E_SMTP_API_PORT: String(process.env.E2E_SMTP_API_PORT),
      },
    },
    {
      command: "node e2e/support/app-server.ts",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // SIGTERM lets the server stop and e2e/support/app-server.ts remove the scratch DATA_DIR.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
        // Every journey signs up from 127.0.0.1: per-IP limits high, per-account limits as shipped…
        AUTH_SIGNUP_PER_IP_PER_HOUR: "100000",
        AUTH_SIGNIN_PER_IP_PER_MINUTE: "100000",
        AUTH_FORGOT_PASSWORD_PER_IP_PER_MINUTE: "100000",
        // …except posts: the paging journey writes 48 with a new account.
        WRITE_LIMIT_POSTS_PER_HOUR: "60",
        WRITE_LIMIT_NEW_ACCOUNT_POSTS_PER_HOUR: "60",
        // …and chat: the Retry journey sends 10, then 2 more within the minute (the in-memory
        // 10-in-10-s limit is the one it shows; the database limit has API tests of its own).
        WRITE_LIMIT_NEW_ACCOUNT_CHAT_MESSAGES_PER_MINUTE: "30",
        CHAT_SOCKETS_PER_ADDRESS: "100000",
        CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
        GOOGLE_CLIENT_ID: "ylt-e2e-client",
        GOOGLE_CLIENT_SECRET: "ylt-e2e-secret",
        GOOGLE_DISCOVERY_URL: oidcURL,
        SMTP_URL: smtpURL,
        // Issue 16: the moderators' addresses (e2e/support/moderators.ts hands them out).
        ADMIN_EMAILS: MODERATOR_EMAILS.join(","),
        // Issue 30: a notification unread this long is mailed (the mail journey waits for it).
        NOTIFICATION_MAIL_DELAY_SECONDS: "3",
        // Issue 31: the push journey's push service is a local HTTPS server (e2e/push.spec.ts).
        PUSH_ALLOW_PRIVATE_ENDPOINTS: "true",
        NODE_EXTRA_CA_CERTS: authoritiesWithTestPushService(),
        // Issue 32: journeys move the server's clock (POST /api/test/clock), never sleep.
        TEST_CLOCK: "true",
        // Issue 32: every journey's accounts are minutes old; here none is "new", so their reviews
        // show at once (and the write limits have one tier). The held review has its own server.
        NEW_ACCOUNT_HOURS: "0",
        // Issue 33: the map's tiles, which e2e/links-and-map.spec.ts serves from e2e/support/map-tiles.
        MAP_TILE_URL: E2E_MAP_TILE_URL,
        MAP_TILE_ATTRIBUTION: "Test tiles © Your Local Talents",
      },
    },
    // Issue 32: a second app server with NEW_ACCOUNT_HOURS as shipped (a fresh account's review is
    // held), for that one journey (trust-signals.spec.ts); it signs up from 127.0.0.1 too.
    {
      command: "node e2e/support/app-server.ts",
      url: `${newAccountsURL()}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      env: {
        PORT: String(process.env.E2E_NEW_ACCOUNTS_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_NEW_ACCOUNTS_DATA_DIR,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
        AUTH_SIGNUP_PER_IP_PER_HOUR: "100000",
        AUTH_SIGNIN_PER_IP_PER_MINUTE: "100000",
        CHAT_SOCKETS_PER_ADDRESS: "100000",
        CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
      },
    },
    {
      command: "node e2e/support/oidc-server.ts",
      url: `${oidcURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_OIDC_PORT: String(process.env.E2E_OIDC_PORT) },
    },
  ],
});
