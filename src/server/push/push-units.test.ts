import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { loadConfig } from "../config.ts";
import { deviceLabel } from "./device-label.ts";
import { retryAfterMs } from "./retry-after.ts";

/** Issue 31's small rules: a device's words, Retry-After, and the push settings. */

describe("a device's words, from its user agent", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0",
      "Edge on macOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    ["curl/8.5.0", "A browser"],
    [undefined, "A browser"],
  ])("%s: %s", (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});

describe("Retry-After", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  it("in seconds, as an HTTP date, or none", () => {
    expect(retryAfterMs({ "retry-after": "120" }, now)).toBe(120_000);
    expect(retryAfterMs({ "retry-after": "Sat, 28 Nov 2026 12:01:00 GMT" }, now)).toBe(60_000);
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBe(0);
    expect(retryAfterMs({}, now)).toBe(0);
  });
});

describe("the push settings", () => {
  const keys = webpush.generateVAPIDKeys();

  it("by default: keys from the database, the subject from MAIL_FROM, private endpoints refused", () => {
    const config = loadConfig({ MAIL_FROM: "Talents <hello@talents.example>" });
    expect(config.push).toEqual({
      vapidKeys: undefined,
      subject: "mailto:hello@talents.example",
      allowPrivateEndpoints: false,
    });
  });

  it("a configured pair, subject and the private switch", () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "https://talents.example/contact",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "true",
    });
    expect(config.push).toEqual({
      vapidKeys: keys,
      subject: "https://talents.example/contact",
      allowPrivateEndpoints: true,
    });
  });

  it("refuses half a pair, a key of the wrong size and a subject that is no address", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      "VAPID_PRIVATE_KEY must be set together with VAPID_PUBLIC_KEY",
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY=.* must be 65 bytes in base64url/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: "short" }),
    ).toThrow('VAPID_PRIVATE_KEY="***" must be 32 bytes');
    expect(() => loadConfig({ VAPID_SUBJECT: "ops@talents.example" })).toThrow(
      /VAPID_SUBJECT=.* must be a mailto: or https: address/,
    );
  });
});
