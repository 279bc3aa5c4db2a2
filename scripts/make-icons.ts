/**
 * The installed app's icons (issue 31), drawn from the favicon's shapes into PNGs that the web app
 * manifest names (vite.config.ts): 192 and 512 px as they are, a maskable 512 px one whose mark sits
 * inside the middle 80 % (the safe zone a phone's mask may crop to), and the 180 px Apple touch icon.
 *
 *   node scripts/make-icons.ts     writes them into src/web/public/ (committed; run after a logo change)
 */
import path from "node:path";
import sharp from "sharp";

const PUBLIC = path.resolve(import.meta.dirname, "../src/web/public");
const TEAL = "#0f766e";
/** The favicon's Y, in its 64-unit box. */
const MARK = `<path d="M18 20l14 16 14-16M32 36v12" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Rounded like the favicon: for browsers and desktops that show the icon as it is. */
const ROUNDED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${TEAL}"/>${MARK}</svg>`;
/** Full bleed, the mark shrunk to 80 % around the centre: whatever shape the phone cuts, it stays whole. */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/><g transform="translate(32 32) scale(0.8) translate(-32 -34)">${MARK}</g></svg>`;
/** Apple rounds the corners itself and shows transparency black: square, full bleed. */
const SQUARE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/>${MARK}</svg>`;

const ICONS: { file: string; svg: string; size: number }[] = [
  { file: "icon-192.png", svg: ROUNDED, size: 192 },
  { file: "icon-512.png", svg: ROUNDED, size: 512 },
  { file: "icon-maskable-512.png", svg: MASKABLE, size: 512 },
  { file: "apple-touch-icon.png", svg: SQUARE, size: 180 },
];

for (const { file, svg, size } of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, file));
  console.log(`wrote src/web/public/${file}`);
}
