import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";

describe("identity settings", () => {
  it("defaults: enumeration protection on, 5 failures per 15 minutes, 10 sign-ins/min, 20 sign-ups/hour, no Google", () => {
    const config = loadConfig({});
    expect(config.auth).toEqual({
      enumerationProtection: true,
      maxFailedSignIns: 5,
      failedSignInWindowMinutes: 15,
      signInPerIpPerMinute: 10,
      signUpPerIpPerHour: 20,
      forgotPasswordPerIpPerMinute: 10,
    });
    expect(config.google).toBeUndefined();
  });

  it("reads every setting from the environment", () => {
    const config = loadConfig({
      AUTH_ENUMERATION_PROTECTION: "false",
      AUTH_MAX_FAILED_SIGNINS: "3",
      AUTH_FAILED_SIGNIN_WINDOW_MINUTES: "60",
      AUTH_SIGNIN_PER_IP_PER_MINUTE: "100",
      AUTH_SIGNUP_PER_IP_PER_HOUR: "1000",
      AUTH_FORGOT_PASSWORD_PER_IP_PER_MINUTE: "50",
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(config.auth).toEqual({
      enumerationProtection: false,
      maxFailedSignIns: 3,
      failedSignInWindowMinutes: 60,
      signInPerIpPerMinute: 100,
      signUpPerIpPerHour: 1000,
      forgotPasswordPerIpPerMinute: 50,
    });
    expect(config.google).toEqual({
      clientId: "id.apps.googleusercontent.com",
      clientSecret: "secret",
      discoveryUrl: "https://accounts.google.com",
    });
  });

  it("accepts a local http provider for tests", () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "a",
      GOOGLE_CLIENT_SECRET: "b",
      GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9999",
    });
    expect(config.google?.discoveryUrl).toBe("http://127.0.0.1:9999");
  });

  it.each([
    [
      { AUTH_ENUMERATION_PROTECTION: "maybe" },
      'AUTH_ENUMERATION_PROTECTION="maybe" must be true or false',
    ],
    [{ AUTH_MAX_FAILED_SIGNINS: "0" }, 'AUTH_MAX_FAILED_SIGNINS="0" must be at least 1'],
    [
      { AUTH_SIGNIN_PER_IP_PER_MINUTE: "ten" },
      'AUTH_SIGNIN_PER_IP_PER_MINUTE="ten" must be a number',
    ],
    [
      { GOOGLE_CLIENT_ID: "only-the-id" },
      "GOOGLE_CLIENT_SECRET=undefined must be set together with GOOGLE_CLIENT_ID",
    ],
    [
      { GOOGLE_CLIENT_SECRET: "only-the-secret" },
      "GOOGLE_CLIENT_ID=undefined must be set together with GOOGLE_CLIENT_SECRET",
    ],
    [
      { GOOGLE_DISCOVERY_URL: "http://accounts.example.com" },
      'GOOGLE_DISCOVERY_URL="http://accounts.example.com" must be an https:// URL (http:// only for localhost)',
    ],
  ])("refuses %j with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}.`);
  });
});
