import sharp from "sharp";
import { type ProcessedPhoto, processPhoto } from "../../src/server/photos/photo-processing.ts";
import type { PhotoLook } from "./community.ts";

const SIDE = 640;

/** A small deterministic pseudo-random sequence, so every run draws the same pictures. */
function sequence(seed: string): () => number {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A soft, portrait-like picture as SVG: a gradient sky with blurred circles of light, and a figure
 * (head and shoulders) in one colour with an accent at the collar. Nobody's face: a silhouette.
 */
export function portraitSvg(seed: string, look: PhotoLook): string {
  const random = sequence(seed);
  const lights = Array.from({ length: 7 }, () => {
    const x = Math.round(random() * SIDE);
    const y = Math.round(random() * SIDE * 0.7);
    const r = Math.round(30 + random() * 90);
    const opacity = (0.15 + random() * 0.25).toFixed(2);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${opacity}"/>`;
  }).join("");
  const tilt = Math.round((random() - 0.5) * 8);
  const [top, bottom] = look.sky;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>
    <radialGradient id="shade" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/>
    </radialGradient>
  </defs>
  <rect width="${SIDE}" height="${SIDE}" fill="url(#sky)"/>
  <g filter="url(#soft)">${lights}</g>
  <g transform="rotate(${tilt} 320 420)">
    <ellipse cx="320" cy="680" rx="290" ry="230" fill="${look.figure}"/>
    <rect x="268" y="330" width="104" height="150" rx="46" fill="${look.figure}"/>
    <path d="M240 470 L320 570 L400 470 Z" fill="${look.accent}"/>
    <circle cx="320" cy="250" r="132" fill="${look.figure}"/>
    <circle cx="320" cy="250" r="132" fill="url(#shade)"/>
  </g>
</svg>`;
}

/**
 * The member's photo as an upload would store it: drawn, encoded as a PNG and then processed by the
 * photo feature itself (checked, squared, WebP in its two sizes, no metadata).
 */
export async function demoPhoto(seed: string, look: PhotoLook): Promise<ProcessedPhoto> {
  const png = await sharp(Buffer.from(portraitSvg(seed, look)))
    .png()
    .toBuffer();
  return processPhoto(png, "image/png");
}
