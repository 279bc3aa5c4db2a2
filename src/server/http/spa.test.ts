import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { SCREEN_CHUNKS } from "./screen-preloads.ts";

// A small build as Vite lays it out: index.html, hashed assets with .gz beside them, the manifest.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R1.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const MANIFEST = {
  "index.html": {
    file: "assets/index-E1.js",
    isEntry: true,
    imports: ["_react-R1.js"],
    dynamicImports: ["feed/feed-page.tsx", "auth/login-page.tsx"],
  },
  "_react-R1.js": { file: "assets/react-R1.js" },
  "_client-C1.js": { file: "assets/client-C1.js", imports: ["_react-R1.js"] },
  "feed/feed-page.tsx": {
    file: "assets/feed-page-F1.js",
    isDynamicEntry: true,
    imports: ["_react-R1.js", "index.html", "_client-C1.js"],
    dynamicImports: ["feed/add-post-form.tsx"],
    css: ["assets/feed-page-F1.css"],
  },
  "feed/add-post-form.tsx": { file: "assets/add-post-form-A1.js", isDynamicEntry: true },
  "auth/login-page.tsx": { file: "assets/login-page-L1.js", isDynamicEntry: true },
};
const ENTRY_JS = `console.log(${JSON.stringify("x".repeat(4000))});\n`;
const SERVICE_WORKER = `self.addEventListener("fetch", () => {});\n`;
const WEB_MANIFEST = JSON.stringify({ name: "Your Local Talents", start_url: "/feed" });
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ["../src/secret.tsx"], mappings: "" });

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-spa-"));
  fs.mkdirSync(path.join(webDir, "assets"));
  fs.mkdirSync(path.join(webDir, ".vite"));
  fs.writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
  fs.writeFileSync(path.join(webDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(webDir, "assets", "index-E1.js"), ENTRY_JS);
  fs.writeFileSync(path.join(webDir, "assets", "index-E1.js.gz"), gzipSync(ENTRY_JS));
  fs.writeFileSync(path.join(webDir, "assets", "index-E1.js.map"), SOURCE_MAP);
  fs.writeFileSync(path.join(webDir, "sw.js"), SERVICE_WORKER);
  fs.writeFileSync(path.join(webDir, "manifest.webmanifest"), WEB_MANIFEST);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe("the built web app", () => {
  it("sends the pre-compressed asset to a browser that accepts it, cached for a year", async () => {
    const res = await t.app.inject({
      url: "/assets/index-E1.js",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBeLessThan(ENTRY_JS.length / 10);
  });

  // Issue 31: a browser checks the service worker for a new version on each visit; cached for a
  // year, a fixed app would stay broken on every device for a year.
  it.each([
    ["/sw.js", "application/javascript; charset=utf-8", SERVICE_WORKER],
    ["/manifest.webmanifest", "application/manifest+json", WEB_MANIFEST],
  ])("serves %s as itself, revalidated on every use", async (url, type, body) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(type);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(body);
  });

  it("sends the plain asset to a client that accepts no encoding", async () => {
    const res = await t.app.inject({
      url: "/assets/index-E1.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(ENTRY_JS);
  });

  it("preloads a screen's own chunks and CSS with its page, not what the entry already loads", async () => {
    const res = await t.app.inject({ url: "/feed?topic=cooking" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const links = res.body.match(/<link rel="[^"]+"( as="style")? crossorigin href="[^"]+">/g);
    expect(links).toEqual([
      `<link rel="modulepreload" crossorigin href="/assets/react-R1.js">`,
      `<link rel="modulepreload" crossorigin href="/assets/feed-page-F1.js">`,
      `<link rel="preload" as="style" crossorigin href="/assets/feed-page-F1.css">`,
      `<link rel="modulepreload" crossorigin href="/assets/client-C1.js">`,
    ]);
    expect(res.body).not.toContain("add-post-form"); // loaded on demand, not with the page
    expect(res.body.indexOf("feed-page-F1.js")).toBeLessThan(res.body.indexOf("</head>"));
  });

  it("preloads the API read a screen starts with, at the address the web app asks for", async () => {
    const readOf = async (url: string) => {
      const res = await t.app.inject({ url });
      return res.body.match(/<link rel="preload" href="([^"]+)" as="fetch"/)?.[1];
    };
    expect(await readOf("/feed")).toBe("/api/articles");
    expect(await readOf("/articles/42")).toBe("/api/articles/42");
    expect(await readOf("/user/Ada_Lovelace")).toBe("/api/users/username/ada_lovelace");
    expect(await readOf("/user/%C3%89mile")).toBe("/api/users/username/%C3%A9mile");
    for (const none of ["/articles/0", "/articles/abc", "/user/%E0%A4%A", "/user/a/b", "/login"]) {
      expect(await readOf(none), none).toBeUndefined();
    }
  });

  it("serves index.html as built for the landing page and addresses it does not know", async () => {
    for (const url of ["/", "/no-such-page", "/success", "/feedback", "/login/again"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it("keeps unknown /api paths JSON 404s", async () => {
    const res = await t.app.inject({ url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: "not-found" } });
  });

  it.each(["/%61pi/no-such-thing", "/ap%69/users", "/%61%70%69"])(
    "answers the JSON 404 for the encoded API path %s, not the page",
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ error: { code: "not-found" } });
    },
  );

  it("serves source maps where SERVE_SOURCE_MAPS allows (outside production by default)", async () => {
    const res = await t.app.inject({ url: "/assets/index-E1.js.map" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SOURCE_MAP);
  });

  it("does not serve source maps when they are off (production's default), not even as the page", async () => {
    const production = await createTestApp({ webDir, serveSourceMaps: false });
    try {
      for (const url of ["/assets/index-E1.js.map", "/assets/%69ndex-E1.js.map"]) {
        const res = await production.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain("secret.tsx");
        expect(res.json()).toMatchObject({ error: { code: "not-found" } });
      }
      expect((await production.app.inject({ url: "/assets/index-E1.js" })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it("names only screens that exist in the web app's routes", () => {
    const routes = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../web/routes.tsx"),
      "utf8",
    );
    for (const { prefix, source } of SCREEN_CHUNKS) {
      expect(routes, `${prefix} → ${source}`).toContain(`import("./${source}")`);
      const pattern = prefix.endsWith("/") ? `path: "${prefix}:` : `path: "${prefix}"`;
      expect(routes, prefix).toContain(pattern);
    }
  });
});
