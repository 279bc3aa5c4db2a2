import type { Metadata, default as Sharp } from "sharp";
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_PIXELS,
  PHOTO_SIZES,
  type PhotoSize,
} from "../../shared/photos.ts";
import { AppError } from "../http/app-error.ts";

export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export type ProcessedPhoto = Record<PhotoSize, Buffer>;

let loadingSharp: Promise<typeof Sharp> | undefined;

/**
 * sharp and libvips, loaded on the first upload rather than at start (issue 21: ~50 ms of the
 * start's CPU, for what the first answers never use).
 */
function loadSharp(): Promise<typeof Sharp> {
  loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    // A small server: one libvips thread per image, and no operation cache, since every
    // upload is a new image; processing-gate.ts lets at most two be worked on at a time (decision 013).
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** Processing that takes longer than this is stopped (a pathological file, not a photo). */
const TIMEOUT_SECONDS = 10;

const FORMAT_NAMES: Record<PhotoContentType, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
};
const SHARP_FORMATS: Record<PhotoContentType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

export const invalidImage = (message: string) => new AppError(400, "invalid-image", message);

export const NOT_AN_IMAGE =
  "This file is not an image we can read. Choose a JPEG, PNG or WebP photo.";
export const DAMAGED = "This image is damaged or incomplete. Choose another file.";
export const TOO_MANY_PIXELS = `This image has too many pixels: at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels.`;
const mislabelled = (type: PhotoContentType) =>
  `This file is not the ${FORMAT_NAMES[type]} image its type says. Choose a JPEG, PNG or WebP photo.`;

/** Whether `type` (a Content-Type, parameters left out) is one a photo may declare. */
export function isPhotoContentType(type: string): type is PhotoContentType {
  return (PHOTO_CONTENT_TYPES as readonly string[]).includes(type);
}

/** The format the first bytes announce, among the accepted ones; null for anything else. */
function sniffedType(bytes: Buffer): PhotoContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "image/jpeg";
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return null;
}

const decoding = {
  // Untrusted input: a warning (a truncated file, a bad marker) already stops decoding.
  failOn: "warning",
  limitInputPixels: PHOTO_MAX_PIXELS,
  autoOrient: true,
} as const;

/**
 * The upload's bytes as the kept sizes: square (the centre, cropped), EXIF orientation applied,
 * WebP, with no metadata (sharp keeps none unless asked). Refuses, with a 400 invalid-image, what
 * is not a whole JPEG, PNG or WebP of the declared type within PHOTO_MAX_PIXELS. The format is
 * checked from the first bytes before any decoder sees them (so SVG, TIFF and the like never reach
 * theirs), then from the header sharp reads, before any pixel is decoded.
 */
export async function processPhoto(
  bytes: Buffer,
  declared: PhotoContentType,
): Promise<ProcessedPhoto> {
  const sniffed = sniffedType(bytes);
  if (sniffed === null) throw invalidImage(NOT_AN_IMAGE);
  if (sniffed !== declared) throw invalidImage(mislabelled(declared));

  const sharp = await loadSharp();
  let header: Metadata;
  try {
    header = await sharp(bytes, decoding).metadata();
  } catch (error) {
    throw /pixel limit/i.test(String(error))
      ? invalidImage(TOO_MANY_PIXELS)
      : invalidImage(DAMAGED);
  }
  if (header.format !== SHARP_FORMATS[declared]) throw invalidImage(mislabelled(declared));
  if (header.width * header.height > PHOTO_MAX_PIXELS) throw invalidImage(TOO_MANY_PIXELS);

  try {
    // Decoded once, to the large size; the small one is made from those pixels.
    const { data, info } = await sharp(bytes, decoding)
      .timeout({ seconds: TIMEOUT_SECONDS })
      .resize(PHOTO_SIZES.large, PHOTO_SIZES.large, { fit: "cover", position: "centre" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [large, small] = await Promise.all([
      sharp(data, raw).webp().toBuffer(),
      sharp(data, raw).resize(PHOTO_SIZES.small, PHOTO_SIZES.small).webp().toBuffer(),
    ]);
    return { small, large };
  } catch (error) {
    throw /pixel limit/i.test(String(error))
      ? invalidImage(TOO_MANY_PIXELS)
      : invalidImage(DAMAGED);
  }
}
