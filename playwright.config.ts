import { randomBytes } from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

// Playwright loads this file in the runner and in each worker: the first one picks the port and data
// directory, the workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `ylt-e2e-${randomBytes(4).toString("hex")}`);
process.env.E2E_OIDC_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
/** The local OpenID Connect provider standing in for Google (e2e/support/oidc-server.ts). */
const oidcURL = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;

/** Browser journeys against the production build served by the real server, in Debian's Chromium. */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
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
      command: "node src/server/main.ts",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
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
