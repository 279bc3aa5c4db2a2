import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { webAppManifest } from "./src/web/pwa/web-app-manifest.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build over 1 KB, at the highest
 * levels, once: the server sends them to browsers that accept them (@fastify/static `preCompressed`)
 * instead of compressing on every request. The first page's JavaScript goes from ~290 KB to ~90 KB.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "ylt-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa's, so the service worker it builds then is compressed too.
    closeBundle: { order: "post", sequential: true, handler: compressAll },
  };
  async function compressAll() {
    const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
    await Promise.all(
      entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          if (file.includes(`${path.sep}.vite${path.sep}`)) return;
          const bytes = await fs.readFile(file);
          if (bytes.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(bytes, { level: 9 }),
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ]);
          await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
        }),
    );
  }
}

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    react(),
    // Issue 31: the web app manifest and one service worker, src/web/sw.ts, for the offline app shell,
    // the signed-in member's offline reads and push (decision 027). The page registers it itself
    // after load (src/web/pwa/), so nothing is injected into index.html's critical path.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: webAppManifest,
      // The glob below already has them.
      includeManifestIcons: false,
      injectManifest: {
        // The app shell: index.html, every hashed chunk and style, the icons. Not the .gz/.br twins.
        globPatterns: ["**/*.{js,css,html,svg,png}"],
        // The search map (Leaflet, ~43 KB gzip) is useless offline without its tiles: fetched when opened.
        globIgnores: ["**/node_modules/**", "sw.js", "assets/town-map-*"],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first page loads statically in one chunk beside the entry, not a dozen small ones
        // (screens share them, so Rolldown cut them apart): one gzip stream costs ~4 KB less than
        // many (bench/frontend.ts).
        codeSplitting: { groups: [{ name: "first-page", tags: ["$initial"] }] },
      },
    },
    // Off unless asked for (SOURCE_MAPS=true npx vite build): a production build ships no sources.
    sourcemap: process.env.SOURCE_MAPS === "true",
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", ws: true },
      // The development mail viewer (DEV_MAIL_VIEWER, which `npm run dev` sets; issue 34).
      "/dev/mail": { target: "http://localhost:3000" },
    },
  },
});
