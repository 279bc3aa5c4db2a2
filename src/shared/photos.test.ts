import { describe, expect, it } from "vitest";
import { avatarImageUrl, isUploadedPhoto, photoPath } from "./photos.ts";

const ID = "3f2b9c4e-8d1a-4e6f-9b7c-0a1b2c3d4e5f";

describe("photo URLs", () => {
  it("name a photo's size by its id", () => {
    expect(photoPath(ID, "large")).toBe(`/api/photos/${ID}/large.webp`);
    expect(photoPath(ID, "small")).toBe(`/api/photos/${ID}/small.webp`);
  });

  it("tell an uploaded photo from the generated avatar and a provider's picture", () => {
    expect(isUploadedPhoto(photoPath(ID, "large"))).toBe(true);
    expect(isUploadedPhoto("/api/avatars/ada.svg")).toBe(false);
    expect(isUploadedPhoto("https://lh3.example.test/a/photo.jpg")).toBe(false);
    expect(isUploadedPhoto(null)).toBe(false);
  });

  it("draw avatars up to 64 CSS px from the small size, larger ones from the large", () => {
    const large = photoPath(ID, "large");
    expect(avatarImageUrl(large, 36)).toBe(photoPath(ID, "small"));
    expect(avatarImageUrl(large, 64)).toBe(photoPath(ID, "small"));
    expect(avatarImageUrl(large, 96)).toBe(large);
    expect(avatarImageUrl("/api/avatars/ada.svg", 36)).toBe("/api/avatars/ada.svg");
    expect(avatarImageUrl("https://x.test/api/photos/a/large.webp", 36)).toBe(
      "https://x.test/api/photos/a/large.webp",
    );
  });
});
