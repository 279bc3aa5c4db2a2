import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { avatarColourOf as colourOf, initialsOf } from "../../shared/avatar.ts";
import { avatarPath, avatarSvg } from "./avatar-svg.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("generated avatars", () => {
  it("take up to two initials", () => {
    expect(initialsOf("ada")).toBe("AD");
    expect(initialsOf("ada_lovelace")).toBe("AL");
    expect(initialsOf("grace-hopper-1")).toBe("GH");
    expect(initialsOf("x9")).toBe("X9");
  });

  it("pick a stable colour from the name, and not the same one for every name", () => {
    expect(colourOf("ada")).toBe(colourOf("ada"));
    const colours = new Set(["ada", "bob", "cyd", "dee", "eve", "fay", "gus", "hal"].map(colourOf));
    expect(colours.size).toBeGreaterThan(2);
  });

  it("GET /api/avatars/{username}.svg serves the SVG, cacheable", async () => {
    const res = await t.app.inject({ method: "GET", url: avatarPath("ada_lovelace") });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.body).toBe(avatarSvg("ada_lovelace"));
    expect(res.body).toContain(">AL</text>");
    expect(res.body).toContain(colourOf("ada_lovelace"));
  });

  it.each([
    "/api/avatars/a.svg",
    "/api/avatars/ada.png",
    "/api/avatars/%3Cscript%3E.svg",
    "/api/avatars/ADA.svg",
  ])("answers 404 for %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not-found");
  });
});
