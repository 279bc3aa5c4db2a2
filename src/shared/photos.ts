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

/** Why a file cannot be a photo, checked by the web before sending and by the server again. */
export const PHOTO_TYPE_MESSAGE = "Photos must be JPEG, PNG or WebP images.";
export const PHOTO_SIZE_MESSAGE = `Photos must be at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB.`;

/** What is wrong with a file of `type` and `size` bytes as a photo, before reading it; null if nothing. */
export function photoFileRefusal(file: { type: string; size: number }): string | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return PHOTO_TYPE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_SIZE_MESSAGE;
  return null;
}

/** PUT and DELETE /api/users/{username}/photo answer the profile's new `img_url`. */
export const photoResponseSchema = z.object({ img_url: z.string() });
export type PhotoResponse = z.infer<typeof photoResponseSchema>;

/** Where an uploaded photo is served in `size` (the photos' ids are random uuids). */
export function photoPath(id: string, size: PhotoSize): string {
  return `/api/photos/${id}/${size}.webp`;
}

const UPLOADED_LARGE = /^\/api\/photos\/([0-9a-f-]{36})\/large\.webp$/;

/** Whether `imgUrl` is a photo the member uploaded (not the generated avatar nor a provider's). */
export function isUploadedPhoto(imgUrl: string | null | undefined): boolean {
  return imgUrl != null && UPLOADED_LARGE.test(imgUrl);
}

/**
 * The image to draw for an avatar of `cssPixels`: an uploaded photo's small size when that is
 * sharp enough at 2× (img_url is always the large one), any other URL as it is.
 */
export function avatarImageUrl(imgUrl: string, cssPixels: number): string {
  const id = UPLOADED_LARGE.exec(imgUrl)?.[1];
  return id && cssPixels * 2 <= PHOTO_SIZES.small ? photoPath(id, "small") : imgUrl;
}
