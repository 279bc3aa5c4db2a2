import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkPasswordStrength,
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./password-policy.ts";

const listEntries = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
  .split(/\r?\n/)
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("password length", () => {
  it("exports the limits", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it("refuses 5 characters", () => {
    expect(checkPasswordStrength("kq7vz")).toBe("too-short");
    expect(checkPasswordStrength("")).toBe("too-short");
  });

  it("accepts 6 characters that are not common", () => {
    expect(isCommonPassword("kq7vz3")).toBe(false);
    expect(checkPasswordStrength("kq7vz3")).toBe("ok");
  });

  it("counts each emoji as one character (code points, not UTF-16 units)", () => {
    const five = "😀🐢🚀🌈🔥";
    expect(five.length).toBe(10); // UTF-16 units would pass a naive check
    expect(checkPasswordStrength(five)).toBe("too-short");
    expect(checkPasswordStrength(`${five}🎉`)).toBe("ok");
    expect(checkPasswordStrength("ab😀cd")).toBe("too-short");
    expect(checkPasswordStrength("ab😀cde")).toBe("ok");
  });

  it("refuses 129 characters and accepts 128", () => {
    expect(checkPasswordStrength(`${"x7".repeat(64)}q`)).toBe("too-long");
    expect(checkPasswordStrength("x7".repeat(64))).toBe("ok");
    // 128 emoji are 256 UTF-16 units but only 128 characters.
    expect(checkPasswordStrength("🔥".repeat(128))).toBe("ok");
    expect(checkPasswordStrength("🔥".repeat(129))).toBe("too-long");
  });
});

describe("common passwords", () => {
  it.each(["password", "123456", "qwerty123", "iloveyou", "654321"])("refuses %s", (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
    expect(checkPasswordStrength(pw)).toBe("common");
  });

  it("ignores case", () => {
    expect(checkPasswordStrength("Password")).toBe("common");
    expect(checkPasswordStrength("QWERTY123")).toBe("common");
  });

  it("accepts a random strong password", () => {
    const strong = "vT9#qL2!mZ8@wR4$";
    expect(isCommonPassword(strong)).toBe(false);
    expect(checkPasswordStrength(strong)).toBe("ok");
  });

  it("ships a list of at least 1,000 entries, all of them recognised", () => {
    expect(listEntries.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(listEntries).size).toBe(listEntries.length);
    for (const entry of listEntries) {
      expect([...entry].length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(entry).toBe(entry.toLowerCase());
    }
    expect(listEntries.every((entry) => isCommonPassword(entry))).toBe(true);
  });

  it("does not treat the file's comment lines as passwords", () => {
    const comment = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8").split(
      "\n",
    )[0];
    expect(comment?.startsWith("#")).toBe(true);
    expect(isCommonPassword(comment ?? "")).toBe(false);
  });
});
