import { describe, expect, it } from "vitest";
import { startServer } from "../../test/harness/server-process.ts";
import { ConfigError, LOOPBACK_HOSTS, loadConfig } from "./config.ts";

const production = { NODE_ENV: "production" };

describe("PUBLIC_ORIGIN and ALLOWED_HOSTS (issue 13 item 14)", () => {
  it("production without either refuses to start with one line naming PUBLIC_ORIGIN", () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /^Invalid configuration: PUBLIC_ORIGIN is not set: .*ALLOWED_HOSTS\.$/,
    );
  });

  it("the real server stops at once with that line", async () => {
    const server = startServer({ PORT: "1", NODE_ENV: "production", DATA_DIR: "/nonexistent" });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/^Invalid configuration: PUBLIC_ORIGIN is not set: [^\n]*\n$/);
  });

  it("production with PUBLIC_ORIGIN reads no Host", () => {
    const config = loadConfig({ ...production, PUBLIC_ORIGIN: "https://talents.example/" });
    expect(config.publicOrigin).toBe("https://talents.example");
    expect(config.allowedHosts).toBeUndefined();
  });

  it("production with ALLOWED_HOSTS answers those names and localhost", () => {
    const config = loadConfig({ ...production, ALLOWED_HOSTS: " Talents.example, [::2] " });
    expect(config.allowedHosts).toEqual([...LOOPBACK_HOSTS, "talents.example", "[::2]"]);
  });

  it.each(["development", "test"])("%s without PUBLIC_ORIGIN answers localhost only", (env) => {
    expect(loadConfig({ NODE_ENV: env }).allowedHosts).toEqual(LOOPBACK_HOSTS);
  });

  it.each(["https://talents.example", "talents.example/app", "a b", ","])(
    "refuses ALLOWED_HOSTS=%s",
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(
        /^Invalid configuration: ALLOWED_HOSTS=.* must be host names/,
      );
    },
  );
});

describe("source maps (issue 13 item 16)", () => {
  it("are off in production and on elsewhere unless SERVE_SOURCE_MAPS says otherwise", () => {
    const origin = { PUBLIC_ORIGIN: "https://talents.example" };
    expect(loadConfig({ ...production, ...origin }).serveSourceMaps).toBe(false);
    expect(loadConfig({ ...production, ...origin, SERVE_SOURCE_MAPS: "on" }).serveSourceMaps).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: "development" }).serveSourceMaps).toBe(true);
    expect(loadConfig({ SERVE_SOURCE_MAPS: "false" }).serveSourceMaps).toBe(false);
  });

  it("are not even built unless asked for (SOURCE_MAPS=true)", async () => {
    const build = async (env: string | undefined) => {
      const before = process.env.SOURCE_MAPS;
      if (env === undefined) delete process.env.SOURCE_MAPS;
      else process.env.SOURCE_MAPS = env;
      try {
        const url = new URL(`../../vite.config.ts?sourcemaps=${env}`, import.meta.url).href;
        const config = (await import(/* @vite-ignore */ url)).default;
        return config.build.sourcemap;
      } finally {
        if (before === undefined) delete process.env.SOURCE_MAPS;
        else process.env.SOURCE_MAPS = before;
      }
    };
    expect(await build(undefined)).toBe(false);
    expect(await build("true")).toBe(true);
  });
});

describe("connection limits (issue 13 item 13)", () => {
  it("have sane defaults", () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutSeconds: 10,
      requestTimeoutSeconds: 30,
      keepAliveTimeoutSeconds: 72,
      maxConnectionsPerAddress: 100,
    });
  });

  it("refuses a headers timeout longer than the request timeout", () => {
    expect(() =>
      loadConfig({ HEADERS_TIMEOUT_SECONDS: "40", REQUEST_TIMEOUT_SECONDS: "30" }),
    ).toThrow(/^Invalid configuration: HEADERS_TIMEOUT_SECONDS="40" must not be more than/);
  });
});

describe("TEST_CLOCK (issue 32): tests only", () => {
  it("is refused in production, and off unless set", () => {
    const origin = { PUBLIC_ORIGIN: "https://talents.example/" };
    expect(() => loadConfig({ ...production, ...origin, TEST_CLOCK: "true" })).toThrow(
      /^Invalid configuration: TEST_CLOCK=true is for tests only/,
    );
    expect(loadConfig({ ...production, ...origin }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", TEST_CLOCK: "true" }).testClock).toBe(true);
  });
});
