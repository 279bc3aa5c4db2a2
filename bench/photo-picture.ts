import sharp from "sharp";

/**
 * A photo-like picture (smooth gradients with grain, so it compresses as a photo does), for the
 * photo benchmarks.
 */
export async function picture(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp",
  quality = 85,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      const grain = (seed >>> 24) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + grain) & 255;
      pixels[i + 1] = ((y * 255) / height + grain) & 255;
      pixels[i + 2] = (((x + y) * 128) / (width + height) + grain) & 255;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const encoded =
    format === "jpeg"
      ? image.jpeg({ quality })
      : format === "png"
        ? image.png({ compressionLevel: 6 })
        : image.webp({ quality: 80 });
  return encoded.toBuffer();
}
