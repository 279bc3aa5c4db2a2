/**
 * Profile photos (issue 19): what one upload costs the server — decoding, cropping and encoding both
 * sizes (`processPhoto`, the work done outside any transaction) — for photos as phones and cameras
 * make them, one at a time and two at once (the processing gate's width), with the process's peak
 * memory and the bytes kept per photo.
 *
 *   npx node bench/photos.ts [--runs 10]
 */
import os from "node:os";
import { processPhoto } from "../src/server/photos/photo-processing.ts";
import { benchArgs } from "./bench-kit.ts";
import { picture } from "./photo-picture.ts";

const args = benchArgs({ runs: 10 });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

const cases = [
  { name: "phone JPEG 4,000 × 3,000 (12 MP)", width: 4000, height: 3000, format: "jpeg" },
  { name: "JPEG 1,600 × 1,200 (2 MP)", width: 1600, height: 1200, format: "jpeg" },
  { name: "PNG 1,200 × 1,200", width: 1200, height: 1200, format: "png" },
  { name: "WebP 2,000 × 1,500", width: 2000, height: 1500, format: "webp" },
] as const;

const type = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

console.log(`Photo processing, ${args.runs} runs each, ${os.cpus().length} cores\n`);
console.log(
  "| upload | size | one at a time p50 / p95 | two at once, each p50 | kept (small + large) |",
);
console.log("|---|---|---|---|---|");
let peakRss = process.memoryUsage().rss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const sampler = setInterval(sample, 5);
for (const c of cases) {
  const bytes = await picture(c.width, c.height, c.format);
  await processPhoto(bytes, type[c.format]); // warm-up
  const alone: number[] = [];
  let kept = 0;
  for (let run = 0; run < args.runs; run++) {
    const started = performance.now();
    const out = await processPhoto(bytes, type[c.format]);
    alone.push(performance.now() - started);
    kept = out.small.length + out.large.length;
  }
  const paired: number[] = [];
  for (let run = 0; run < Math.ceil(args.runs / 2); run++) {
    await Promise.all(
      [0, 1].map(async () => {
        const started = performance.now();
        await processPhoto(bytes, type[c.format]);
        paired.push(performance.now() - started);
      }),
    );
  }
  alone.sort((a, b) => a - b);
  paired.sort((a, b) => a - b);
  console.log(
    `| ${c.name} | ${(bytes.length / 1024 / 1024).toFixed(1)} MB | ${percentile(alone, 50).toFixed(0)} / ${percentile(alone, 95).toFixed(0)} ms | ${percentile(paired, 50).toFixed(0)} ms | ${(kept / 1024).toFixed(1)} KB |`,
  );
}
clearInterval(sampler);
sample();
console.log(`\nPeak resident memory of this process: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
