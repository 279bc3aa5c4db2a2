/**
 * Front-end JavaScript budget (DESIGN §6): builds the web app with Vite into a temporary folder and
 * reads `.vite/manifest.json` to size, gzipped, the JavaScript the first page (`/`) loads — the entry
 * chunk plus its static imports — and the largest chunk of the build.
 *
 *   npx node bench/frontend.ts                  # build, then print the table
 *   npx node bench/frontend.ts --web-dir DIR    # measure an existing build instead (needs its manifest)
 *   npx node bench/frontend.ts --packages       # also: first-page bytes per package, from source maps
 *
 * Gzip at level 9, what a precompressing build or a CDN serves; level 6 (zlib's default) is ~1% larger.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const ROOT = path.resolve(import.meta.dirname, "..");
const KB = 1024;
const BUDGET_FIRST_PAGE_KB = 100;
const BUDGET_CHUNK_KB = 100;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const { values: args } = parseArgs({
  options: {
    "web-dir": { type: "string" },
    packages: { type: "boolean", default: false },
  },
});

async function buildInto(outDir: string): Promise<void> {
  await build({
    configFile: path.join(ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true },
  });
}

/** The entry chunk and every chunk it imports statically, in load order, each once. */
function firstPageChunks(manifest: Manifest): ManifestChunk[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("no entry chunk in the manifest");
  const seen = new Set<string>();
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return chunks;
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => (bytes / KB).toFixed(1);

// ── per-package breakdown from a source map ─────────────────────────────────

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((char, i) => [char, i]));

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Which package an original source belongs to: its node_modules package, or the app's folder. */
function ownerOf(source: string): string {
  const at = source.lastIndexOf("node_modules/");
  if (at >= 0) {
    const parts = source.slice(at + "node_modules/".length).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const web = /src\/(web|shared)\/([^/]+)/.exec(source);
  if (web) return `app: src/${web[1]}/${web[2]}`;
  return `other: ${source}`;
}

/** Generated (minified) bytes of `code` attributed to each owner through its source map. */
function bytesPerOwner(code: string, map: { sources: string[]; mappings: string }) {
  const totals = new Map<string, number>();
  const add = (owner: string, bytes: number) => totals.set(owner, (totals.get(owner) ?? 0) + bytes);
  const lines = code.split("\n");
  let sourceIndex = 0;
  map.mappings.split(";").forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? "";
    let column = 0;
    let previous: { column: number; owner: string } | null = { column: 0, owner: "unmapped" };
    for (const segment of lineMappings.split(",")) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (previous) add(previous.owner, column - previous.column);
      if (sourceDelta === undefined) {
        previous = { column, owner: "unmapped" };
        continue;
      }
      sourceIndex += sourceDelta;
      previous = { column, owner: ownerOf(map.sources[sourceIndex] ?? "?") };
    }
    if (previous) add(previous.owner, Math.max(0, line.length - previous.column));
    add("unmapped", 1); // the newline
  });
  return totals;
}

// ── main ────────────────────────────────────────────────────────────────────

let outDir = args["web-dir"] ? path.resolve(args["web-dir"]) : "";
let scratch: string | null = null;
try {
  if (!outDir) {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-frontend-"));
    outDir = scratch;
    await buildInto(outDir);
  }
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"),
  ) as Manifest;

  const firstPage = firstPageChunks(manifest);
  const firstPageBytes = firstPage.map((chunk) => fs.readFileSync(path.join(outDir, chunk.file)));
  const firstPageGzip = firstPageBytes.reduce((sum, bytes) => sum + gzipSize(bytes), 0);
  const firstPageRaw = firstPageBytes.reduce((sum, bytes) => sum + bytes.length, 0);
  const firstPageCss = firstPage
    .flatMap((chunk) => chunk.css ?? [])
    .reduce((sum, file) => sum + gzipSize(fs.readFileSync(path.join(outDir, file))), 0);

  const assets = path.join(outDir, "assets");
  const chunks = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => {
      const bytes = fs.readFileSync(path.join(assets, file));
      return { file, raw: bytes.length, gzip: gzipSize(bytes) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const largest = chunks[0];
  if (!largest) throw new Error("no JavaScript chunks in the build");

  const [one, five] = os.loadavg();
  console.log(
    `Front-end JavaScript (Vite build, gzip -9); Node ${process.version}, ${os.cpus().length} cores, ` +
      `load average ${one?.toFixed(2)} (1 min) ${five?.toFixed(2)} (5 min)\n`,
  );
  console.log("| figure | measured | budget | met |");
  console.log("|---|--:|--:|:-:|");
  const row = (figure: string, gzip: number, budgetKb: number | null, raw?: number) => {
    const measured = `${kb(gzip)} KB${raw === undefined ? "" : ` (${kb(raw)} KB raw)`}`;
    const met = budgetKb === null ? "" : gzip <= budgetKb * KB ? "yes" : "**no**";
    console.log(
      `| ${figure} | ${measured} | ${budgetKb === null ? "—" : `≤ ${budgetKb} KB`} | ${met} |`,
    );
  };
  row(
    `first page \`/\`: JS, ${firstPage.length} chunk${firstPage.length > 1 ? "s" : ""}`,
    firstPageGzip,
    BUDGET_FIRST_PAGE_KB,
    firstPageRaw,
  );
  row(
    `largest chunk (${largest.file.replace(/-[\w-]{8}\.js$/, ".js")})`,
    largest.gzip,
    BUDGET_CHUNK_KB,
    largest.raw,
  );
  row("first page `/`: CSS", firstPageCss, null);
  row(
    `all JavaScript, ${chunks.length} chunks`,
    chunks.reduce((sum, c) => sum + c.gzip, 0),
    null,
  );

  if (args.packages) {
    const totals = new Map<string, number>();
    for (const chunk of firstPage) {
      const file = path.join(outDir, chunk.file);
      const mapFile = `${file}.map`;
      if (!fs.existsSync(mapFile)) throw new Error(`${mapFile} is missing: build with source maps`);
      const perOwner = bytesPerOwner(
        fs.readFileSync(file, "utf8"),
        JSON.parse(fs.readFileSync(mapFile, "utf8")),
      );
      for (const [owner, bytes] of perOwner) totals.set(owner, (totals.get(owner) ?? 0) + bytes);
    }
    // Gzip does not split by package; scale each package's minified bytes by the chunks' ratio.
    const ratio = firstPageGzip / firstPageRaw;
    console.log(
      "\nFirst page by package (minified bytes from the source maps; gzip ≈ scaled by the overall ratio)\n",
    );
    console.log("| package | minified KB | ≈ gzip KB | share |");
    console.log("|---|--:|--:|--:|");
    for (const [owner, bytes] of [...totals].sort((a, b) => b[1] - a[1])) {
      if (bytes < 200) continue;
      console.log(
        `| ${owner} | ${kb(bytes)} | ${kb(bytes * ratio)} | ${((bytes / firstPageRaw) * 100).toFixed(1)}% |`,
      );
    }
  }
  if (firstPageGzip > BUDGET_FIRST_PAGE_KB * KB || largest.gzip > BUDGET_CHUNK_KB * KB) {
    process.exitCode = 1;
  }
} finally {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}
