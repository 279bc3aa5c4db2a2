import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";

describe("SMTP_URL and MAIL_FROM", () => {
  it("are optional; MAIL_FROM defaults to no-reply at PUBLIC_ORIGIN's host, else localhost", () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: "Your Local Talents <no-reply@localhost>",
    });
    expect(loadConfig({ PUBLIC_ORIGIN: "https://talents.example" }).mail.from).toBe(
      "Your Local Talents <no-reply@talents.example>",
    );
  });

  it.each(["smtp://user:pass@mail.example:587", "smtps://mail.example", "smtp://127.0.0.1:2525"])(
    "accepts SMTP_URL=%s",
    (url) => {
      expect(loadConfig({ SMTP_URL: url }).mail.smtpUrl).toBe(url);
    },
  );

  it.each(["mail.example:587", "http://mail.example", "smtp://"])(
    "refuses SMTP_URL=%s with one line naming it",
    (url) => {
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(
        /^Invalid configuration: SMTP_URL=.* must be an smtp:\/\/ or smtps:\/\/ URL[^\n]*\.$/,
      );
    },
  );

  it("never prints the password of a refused URL", () => {
    expect(() => loadConfig({ SMTP_URL: "smpt://mailer:s3cret@mail.example" })).toThrow(
      'Invalid configuration: SMTP_URL="smpt://***@mail.example" must be',
    );
  });

  it.each(["Talents <hello@talents.example>", "hello@talents.example"])(
    "accepts MAIL_FROM=%s",
    (from) => {
      expect(loadConfig({ MAIL_FROM: from }).mail.from).toBe(from);
    },
  );

  it.each(["Your Local Talents", "<hello>", "a@b@c"])("refuses MAIL_FROM=%s", (from) => {
    expect(() => loadConfig({ MAIL_FROM: from })).toThrow(
      /^Invalid configuration: MAIL_FROM=.* must be an address/,
    );
  });
});
