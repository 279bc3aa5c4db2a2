import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPathFor } from "./return-path.ts";

describe("the address to come back to after signing in", () => {
  it("is one of the app's own addresses", () => {
    expect(safeReturnPath("/chatapp?with=bob")).toBe("/chatapp?with=bob");
    expect(
      safeReturnPath(
        new URLSearchParams(signInPathFor("/chatapp?with=bob").split("?")[1]).get("next"),
      ),
    ).toBe("/chatapp?with=bob");
  });

  it.each(["https://evil.test/", "//evil.test/", "/\\evil.test", "chatapp", "", null])(
    "is never %s",
    (raw) => {
      expect(safeReturnPath(raw)).toBeNull();
    },
  );
});
