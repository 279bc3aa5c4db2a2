import { describe, expect, it } from "vitest";
import { apiErrorSchema } from "./api-error.ts";
import { CHAT_ERROR_CODES, serverFrameSchema } from "./chat.ts";
import { CLIENT_ERROR_CODES, ERROR_CODES } from "./error-codes.ts";

describe("error codes", () => {
  it("lists each code once, in the wire form (lower-case words joined by -)", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it("keeps the client's own codes apart from the API's", () => {
    for (const code of CLIENT_ERROR_CODES) expect(ERROR_CODES).not.toContain(code);
  });

  it("is what the error shape and the chat's error frames accept", () => {
    const body = (code: string) => ({ error: { code, message: "m" } });
    expect(apiErrorSchema.safeParse(body("already-reviewed")).success).toBe(true);
    expect(apiErrorSchema.safeParse(body("no-such-code")).success).toBe(false);
    for (const code of CHAT_ERROR_CODES) expect(ERROR_CODES).toContain(code);
    const frame = (code: string) => ({ type: "error", code, message: "m" });
    expect(serverFrameSchema.safeParse(frame("session-ended")).success).toBe(true);
    expect(serverFrameSchema.safeParse(frame("already-reviewed")).success).toBe(false);
  });
});
