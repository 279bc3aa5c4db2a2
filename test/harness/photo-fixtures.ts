import sharp from "sharp";

/**
 * Images for the profile photo tests (issue 19), made with sharp when a test runs rather than kept
 * as binary files: what each one is shows in the code.
 */

export type PhotoFormat = "jpeg" | "png" | "webp";

/** A picture whose left half is red and right half blue: a crop or a rotation shows in its pixels. */
function halves(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 220;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A `width`×`height` photo in `format` (red left half, blue right half). */
export function photo(format: PhotoFormat, width = 800, height = 600): Promise<Buffer> {
  return halves(width, height).toFormat(format).toBuffer();
}

/**
 * A JPEG as a phone takes it: EXIF with the owner's name, GPS coordinates, and orientation 6 (the
 * camera was turned: shown rotated 90° clockwise, so the red half is on top).
 */
export function phoneJpeg(): Promise<Buffer> {
  return halves(600, 400)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: "Secret Owner" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .jpeg()
    .toBuffer();
}

/** The first half of `bytes`: a download or upload cut short. */
export const truncated = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

/** A decompression bomb: 10,000 × 10,000 pixels of one colour, a few hundred KB as a PNG. */
export function bombPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><script>alert(1)</script><rect width="512" height="512" fill="red"/></svg>',
);

/** Whether a JPEG's EXIF has the GPS directory (tag 0x8825, in either byte order). */
export function hasGpsTag(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
