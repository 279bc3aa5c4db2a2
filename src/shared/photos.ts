import { z } from "zod";

/** Profile photos (issue 19, decision 013): what may be uploaded and what is kept. */

/** The largest upload accepted, in bytes. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The content types an upload may declare; its bytes must agree (the server decodes them). */
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/**
 * The square sizes kept, in pixels: `small` for avatars (up to 64 CSS px at 2×), `large` for the
 * profile page. Both are WebP.
 */
export const PHOTO_SIZES = { small: 128, large: 512 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** Larger than this many pixels (width × height) is refused before decoding: a decompression bomb. */
export const PHOTO_MAX_PIXELS = 40_000_000;

/** PUT and DELETE /api/users/{username}/photo answer the profile's new `img_url`. */
export const photoResponseSchema = z.object({ img_url: z.string() });
export type PhotoResponse = z.infer<typeof photoResponseSchema>;
