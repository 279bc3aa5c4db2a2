import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { newAccount } from "./support/accounts.ts";

/**
 * CSRF by percent-encoding (issue 13 item 1): a page on another port of the same machine is the
 * same *site* as the app (ports do not count), so Chromium sends the Lax session cookie with its
 * bodiless POST. Addressed as /%61pi/auth/logout, that POST once slipped past the cross-site check
 * and signed the visitor out.
 */

let attacker: http.Server;
let attackerOrigin: string;
test.beforeAll(async () => {
  attacker = http.createServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://x").searchParams.get("target") ?? "";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      // No body, so no Content-Type: a "simple" request, sent with the cookie and no preflight.
      `<!doctype html><title>Free prizes</title><script>fetch(${JSON.stringify(target)}, ` +
        `{ method: "POST", mode: "no-cors", credentials: "include" })</script>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

for (const path of ["/%61pi/auth/logout", "/ap%69/auth/logout"]) {
  test(`another site's POST to ${path} is refused and the visitor stays signed in`, async ({
    page,
    baseURL,
  }) => {
    const account = newAccount("csrf");
    const registered = await page.request.post("/api/auth/register", {
      data: { email: account.email, password: account.password },
    });
    expect(registered.status()).toBe(201);

    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.goto(`${attackerOrigin}/?target=${encodeURIComponent(`${baseURL}${path}`)}`);
    const answer = await refused;
    expect(answer.status()).toBe(403);

    const me = await page.request.get("/api/me");
    expect((await me.json()).user?.email).toBe(account.email);
  });
}
