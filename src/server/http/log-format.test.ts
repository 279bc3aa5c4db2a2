import { describe, expect, it } from "vitest";
import { chosenLogFormat, readableMessage } from "./log-format.ts";

describe("which log format", () => {
  it.each([
    [{ nodeEnv: "development", logFormat: undefined }, true, "pretty"],
    [{ nodeEnv: "test", logFormat: undefined }, true, "pretty"],
    [{ nodeEnv: "development", logFormat: undefined }, false, "json"],
    [{ nodeEnv: "production", logFormat: undefined }, true, "json"],
    [{ nodeEnv: "production", logFormat: "pretty" }, false, "pretty"],
    [{ nodeEnv: "development", logFormat: "json" }, true, "json"],
  ] as const)("%o, terminal %s: %s", (config, terminal, format) => {
    expect(chosenLogFormat(config, terminal)).toBe(format);
  });
});

describe("a readable line", () => {
  const plain = (text: string) => text;
  const colours = {
    bold: plain,
    gray: plain,
    green: plain,
    cyan: plain,
    yellow: plain,
    red: plain,
  };
  const tagged = {
    ...colours,
    green: (t: string) => `<green>${t}`,
    yellow: (t: string) => `<yellow>${t}`,
    red: (t: string) => `<red>${t}`,
  };

  it("says a request's method, URL, status, time and id", () => {
    const log = {
      msg: "request completed",
      reqId: "req-7",
      req: { method: "GET", url: "/api/articles" },
      res: { statusCode: 200 },
      responseTime: 3.0789,
    };
    expect(readableMessage(log, "msg", colours)).toBe("GET /api/articles 200 3.1 ms req-7");
  });

  it.each([
    [204, "<green>204"],
    [404, "<yellow>404"],
    [503, "<red>503"],
  ])("colours status %s by its class", (statusCode, painted) => {
    const log = { req: { method: "GET", url: "/" }, res: { statusCode }, responseTime: 1 };
    expect(readableMessage(log, "msg", tagged)).toContain(painted);
  });

  it("keeps any other line's message, with its request id when it has one", () => {
    expect(readableMessage({ msg: "Server listening" }, "msg", colours)).toBe("Server listening");
    expect(readableMessage({ msg: "mail sent", reqId: "req-2" }, "msg", colours)).toBe(
      "mail sent req-2",
    );
  });
});
