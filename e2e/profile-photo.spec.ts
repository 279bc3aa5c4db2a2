import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";

/** A photo as a phone would give it: a 1200×900 JPEG (blue sky over green grass). */
function phoneJpeg(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const sky = i < (width * height) / 2;
    pixels.set(sky ? [90, 160, 230] : [60, 150, 70], i * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** Whether the image has loaded and has pixels (a broken one has a natural width of 0). */
const loaded = (image: Locator) =>
  image.evaluate(
    (element) =>
      (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth,
  );

/** The profile header's image (the edit form's preview is "Your current photo"). */
const headerAvatar = (page: Page, username: string) =>
  page.getByRole("img", { name: `${username}'s avatar` });

test("the owner uploads a photo, a bad file changes nothing, Remove photo brings the avatar back", async ({
  page,
}) => {
  const me = await signUpWithProfile(page, newAccount("photo"));
  await page.goto("/userProfile");
  const avatar = headerAvatar(page, me.username);
  await expect(avatar).toHaveAttribute("src", `/api/avatars/${me.username}.svg`);

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const form = page.getByRole("form", { name: "Edit your profile" });
  const photo = form.getByRole("group", { name: "Photo" });
  await expect(photo.getByRole("button", { name: "Remove photo" })).toHaveCount(0);

  // A photo: sent as soon as chosen; the profile shows it at once, without a reload.
  await photo.getByLabel("Upload a photo").setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg(),
  });
  await expect(avatar).toHaveAttribute("src", /^\/api\/photos\/[0-9a-f-]{36}\/large\.webp$/);
  await expect.poll(() => loaded(avatar)).toBe(512);
  const uploaded = await avatar.getAttribute("src");
  await expect(photo.getByRole("img", { name: "Your current photo" })).toHaveAttribute(
    "src",
    uploaded ?? "",
  );

  // A text file named like a PNG: the server refuses it, the error shows beside the field.
  await photo.getByLabel("Upload a photo").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a picture at all"),
  });
  await expect(photo.getByRole("alert")).toHaveText(
    "This file is not an image we can read. Choose a JPEG, PNG or WebP photo.",
  );
  await expect(photo.getByLabel("Upload a photo")).toHaveAttribute("aria-invalid", "true");
  // An SVG is refused before it is sent.
  await photo.getByLabel("Upload a photo").setInputFiles({
    name: "drawing.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(photo.getByRole("alert")).toHaveText("Photos must be JPEG, PNG or WebP images.");
  await expect(avatar).toHaveAttribute("src", uploaded ?? "");

  // Still there after a reload, and the rest of the form saves as before.
  await page.reload();
  await expect(avatar).toHaveAttribute("src", uploaded ?? "");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await form.getByLabel("Bio").fill("Now with a face.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Profile Edited" })).toBeVisible();
  await expect(avatar).toHaveAttribute("src", uploaded ?? "");

  // Remove photo: the generated avatar again, and the old photo is gone.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await photo.getByRole("button", { name: "Remove photo" }).click();
  await expect(avatar).toHaveAttribute("src", `/api/avatars/${me.username}.svg`);
  await expect(photo.getByRole("button", { name: "Remove photo" })).toHaveCount(0);
  expect((await page.request.get(uploaded ?? "")).status()).toBe(404);
});
