import { describe, expect, it } from "vitest";
import { checkPasswordStrength } from "./password-policy.ts";

describe("blank passwords", () => {
  it.each([
    ["six spaces", "      "],
    ["tabs and line breaks", "\t\t\n\r\n\t"],
    ["no-break and ideographic spaces", "\u00a0\u00a0\u3000\u3000\u2003\u2003"],
    ["zero-width characters and spaces", "\u200b\u200b\u200c \u200d\u2060 "],
  ])("refuses %s", (_label, password) => {
    expect(checkPasswordStrength(password)).toBe("blank");
  });

  it("still accepts spaces inside a real password, and still says too-short below 6", () => {
    expect(checkPasswordStrength("  kq7 vz3  ")).toBe("ok");
    expect(checkPasswordStrength("     ")).toBe("too-short");
  });
});
