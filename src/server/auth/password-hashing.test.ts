import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hashing.ts";

describe("password hashing", () => {
  it("uses argon2id with m=19456 KiB, t=2, p=1 and a fresh salt each time", async () => {
    const [a, b] = [await hashPassword("correct horse"), await hashPassword("correct horse")];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword(stored, "correct horse")).toBe(true);
    expect(await verifyPassword(stored, "correct horsE")).toBe(false);
    expect(await verifyPassword("not a hash", "correct horse")).toBe(false);
  });

  it("without a stored hash refuses, but only after spending a verification", async () => {
    const stored = await hashPassword("correct horse");
    await verifyPassword(null, "warm-up");
    const time = async (run: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - started;
    };
    const real = await time(() => verifyPassword(stored, "wrong"));
    const dummy = await time(() => verifyPassword(null, "wrong"));
    // Same order of magnitude as a real verification (argon2, milliseconds), not the microseconds of
    // a bare return: 1 ms is ten times a bare return's and leaves room on a fast machine, where an
    // argon2 verification took 4.8 ms (5 here made the test fail by chance).
    expect(dummy).toBeGreaterThan(real * 0.3);
    expect(dummy).toBeGreaterThan(1);
  });
});
