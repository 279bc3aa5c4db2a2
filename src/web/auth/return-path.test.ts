import { describe, expect, it } from "vitest";
import { pathAfterSignIn, registerPathFor, safeReturnPath, signInPathFor } from "./return-path.ts";

describe("the address to come back to after signing in", () => {
  it("is one of the app's own addresses", () => {
    expect(safeReturnPath("/chatapp?with=bob")).toBe("/chatapp?with=bob");
    expect(
      safeReturnPath(
        new URLSearchParams(signInPathFor("/chatapp?with=bob").split("?")[1]).get("next"),
      ),
    ).toBe("/chatapp?with=bob");
  });

  it.each([
    "https://evil.test/",
    "//evil.test/",
    "/\\evil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/\t\\evil.test",
    "/%09/ok-stays-encoded\u0000",
    "chatapp",
    "",
    null,
  ])("is never %s", (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe("where signing in leads", () => {
  it("goes to the page that asked, else the feed, through the profile form the first time", () => {
    expect(pathAfterSignIn(true, "/settings")).toBe("/settings");
    expect(pathAfterSignIn(true, null)).toBe("/feed");
    expect(pathAfterSignIn(false, "/feed?topic=Music")).toBe(
      "/createYourUser?next=%2Ffeed%3Ftopic%3DMusic",
    );
    expect(pathAfterSignIn(false, null)).toBe("/createYourUser");
    expect(registerPathFor("/settings")).toBe("/register?next=%2Fsettings");
  });
});
