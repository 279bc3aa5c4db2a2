import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  bombPng,
  hasGpsTag,
  type PhotoFormat,
  phoneJpeg,
  photo,
  SVG,
  truncated,
} from "../../../test/harness/photo-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { PHOTO_MAX_BYTES } from "../../shared/photos.ts";
import { avatarPath } from "../avatars/index.ts";
import { profilePhotos } from "../db/schema.ts";

const t = testAppClosedAfterAll();

const CACHED = "public, max-age=300";
const PHOTO_URL = /^\/api\/photos\/[0-9a-f-]{36}\/large\.webp$/;

const upload = (username: string, body: Buffer | string, type: string, user?: TestUser) =>
  t.app.inject({
    method: "PUT",
    url: `/api/users/${encodeURIComponent(username)}/photo`,
    payload: body,
    headers: { "content-type": type, ...(user ? { cookie: user.cookie } : {}) },
  });

const remove = (username: string, user?: TestUser) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/users/${encodeURIComponent(username)}/photo`,
    headers: user ? { cookie: user.cookie } : {},
  });

const get = (url: string) => t.app.inject({ method: "GET", url });

const imgUrlOf = async (username: string) =>
  (await get(`/api/users/username/${username}`)).json().user.img_url as string | null;

const rowsOf = (user: TestUser) =>
  t.database.db
    .select({ id: profilePhotos.id })
    .from(profilePhotos)
    .where(eq(profilePhotos.profileId, user.profile?.id ?? ""));

const smallOf = (largeUrl: string) => largeUrl.replace(/large\.webp$/, "small.webp");

/** What the photo at `url` is: its format, size and metadata, after checking the headers. */
async function served(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/webp");
  expect(res.headers["cache-control"]).toBe(CACHED);
  return { bytes: res.rawPayload, meta: await sharp(res.rawPayload).metadata() };
}

describe("PUT /api/users/{username}/photo", () => {
  it.each<[PhotoFormat, string]>([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["webp", "image/webp"],
  ])(
    "takes a %s, keeps it square in WebP, 512 and 128 px, and img_url points at it",
    async (format, type) => {
      const user = await createSignedInUser(t.app);
      const res = await upload(user.username, await photo(format, 800, 600), type, user);
      expect(res.statusCode, res.body).toBe(200);
      const { img_url } = res.json();
      expect(img_url).toMatch(PHOTO_URL);
      expect(await imgUrlOf(user.username)).toBe(img_url);

      const large = await served(img_url);
      expect(large.meta).toMatchObject({ format: "webp", width: 512, height: 512 });
      const small = await served(smallOf(img_url));
      expect(small.meta).toMatchObject({ format: "webp", width: 128, height: 128 });
      expect(await rowsOf(user)).toHaveLength(1);
    },
  );

  it("strips EXIF and GPS and turns the picture by its EXIF orientation", async () => {
    const user = await createSignedInUser(t.app);
    const input = await phoneJpeg();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(inputMeta.exif && hasGpsTag(inputMeta.exif)).toBe(true);
    expect(input.includes("Secret Owner")).toBe(true);

    const res = await upload(user.username, input, "image/jpeg", user);
    expect(res.statusCode, res.body).toBe(200);
    for (const url of [res.json().img_url, smallOf(res.json().img_url)]) {
      const { bytes, meta } = await served(url);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes("EXIF")).toBe(false);
      expect(bytes.includes("Secret Owner")).toBe(false);
    }
    // Stored left half red: turned 90° clockwise it is the top half.
    const { data, info } = await sharp((await served(res.json().img_url)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgbAt = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    const [topRed, , topBlue] = rgbAt(256, 20);
    const [bottomRed, , bottomBlue] = rgbAt(256, 490);
    expect(topRed).toBeGreaterThan(150);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(150);
    expect(bottomRed).toBeLessThan(60);
  });

  it("replaces the previous photo: its URLs answer 404, one photo is kept", async () => {
    const user = await createSignedInUser(t.app);
    const first = (await upload(user.username, await photo("png"), "image/png", user)).json();
    const second = await upload(user.username, await photo("jpeg"), "image/jpeg", user);
    expect(second.statusCode).toBe(200);
    expect(second.json().img_url).not.toBe(first.img_url);
    expect((await get(first.img_url)).statusCode).toBe(404);
    expect((await get(smallOf(first.img_url))).statusCode).toBe(404);
    await served(second.json().img_url);
    expect(await rowsOf(user)).toHaveLength(1);
    expect(await imgUrlOf(user.username)).toBe(second.json().img_url);
  });

  it("is the owner's only: 401 signed out, 403 without a profile, 403 on another's, 404 for nobody", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const jpeg = await photo("jpeg");

    const signedOut = await upload(owner.username, jpeg, "image/jpeg");
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe("not-signed-in");

    const without = await upload(owner.username, jpeg, "image/jpeg", noProfile);
    expect(without.statusCode).toBe(403);
    expect(without.json().error.code).toBe("profile-required");

    const someoneElse = await upload(owner.username, jpeg, "image/jpeg", other);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error).toEqual({
      code: "forbidden",
      message: "You can only change your own photo.",
    });

    const nobody = await upload("no_such_member", jpeg, "image/jpeg", other);
    expect(nobody.statusCode).toBe(404);

    expect(await rowsOf(owner)).toHaveLength(0);
    expect(await imgUrlOf(owner.username)).toBeNull();
  });

  it("counts against the photo write limit (5 an hour for a new account)", async () => {
    const user = await createSignedInUser(t.app);
    const png = await photo("png", 64, 64);
    for (let i = 0; i < 5; i++) {
      expect((await upload(user.username, png, "image/png", user)).statusCode).toBe(200);
    }
    const refused = await upload(user.username, png, "image/png", user);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});

describe("a bad upload answers a clear 400 (413 when too large) and stores nothing", () => {
  let user: TestUser;
  let kept: string;
  beforeAll(async () => {
    user = await createSignedInUser(t.app);
    const res = await upload(user.username, await photo("jpeg"), "image/jpeg", user);
    expect(res.statusCode).toBe(200);
    kept = res.json().img_url;
  });

  const refuses = async (
    body: Buffer | string | (() => Promise<Buffer>),
    type: string,
    expected: { status?: number; code?: string; message: RegExp },
  ) => {
    const bytes = typeof body === "function" ? await body() : body;
    const res = await upload(user.username, bytes, type, user);
    expect(res.statusCode, res.body).toBe(expected.status ?? 400);
    expect(res.json().error.code).toBe(expected.code ?? "invalid-image");
    expect(res.json().error.message).toMatch(expected.message);
    // Nothing changed: the photo from before is still the profile's, and the only one.
    expect(await imgUrlOf(user.username)).toBe(kept);
    const rows = await rowsOf(user);
    expect(rows).toHaveLength(1);
    expect(kept).toContain(rows[0]?.id);
  };

  it("not an image", () =>
    refuses(Buffer.from("just some text, not a picture"), "image/jpeg", {
      message: /not an image we can read/,
    }));

  it("a content type that lies (a PNG sent as JPEG, a JPEG as WebP)", async () => {
    await refuses(() => photo("png"), "image/jpeg", {
      message: /not the JPEG image its type says/,
    });
    await refuses(() => photo("jpeg"), "image/webp", {
      message: /not the WebP image its type says/,
    });
  });

  it("a decompression bomb: 10,000 × 10,000 pixels in a small PNG", async () => {
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    await refuses(bomb, "image/png", { message: /too many pixels: at most 40 megapixels/ });
  });

  it("a truncated JPEG and a truncated PNG", async () => {
    await refuses(truncated(await photo("jpeg")), "image/jpeg", {
      message: /damaged or incomplete/,
    });
    await refuses(truncated(await photo("png")), "image/png", { message: /damaged or incomplete/ });
  });

  it("an SVG, as image/svg+xml and disguised as a PNG", async () => {
    await refuses(SVG, "image/svg+xml", { message: /must be JPEG, PNG or WebP/ });
    await refuses(SVG, "image/png", { message: /not an image we can read/ });
  });

  it("another format or no content type (GIF, JSON, nothing)", async () => {
    await refuses(() => photo("jpeg"), "image/gif", { message: /must be JPEG, PNG or WebP/ });
    await refuses('{"img_url":"https://evil.test/x.png"}', "application/json", {
      message: /must be JPEG, PNG or WebP/,
    });
    await refuses(Buffer.alloc(0), "image/png", { message: /not an image we can read/ });
  });

  it("more than 5 MB: 413 with the limit in words", () =>
    refuses(Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff), "image/jpeg", {
      status: 413,
      code: "payload-too-large",
      message: /^Photos must be at most 5 MB\.$/,
    }));
});

describe("DELETE /api/users/{username}/photo", () => {
  it("goes back to the generated avatar; the photo's URLs answer 404", async () => {
    const user = await createSignedInUser(t.app);
    const { img_url } = (
      await upload(user.username, await photo("webp"), "image/webp", user)
    ).json();
    const res = await remove(user.username, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ img_url: avatarPath(user.username) });
    expect(await imgUrlOf(user.username)).toBe(avatarPath(user.username));
    expect((await get(img_url)).statusCode).toBe(404);
    expect((await get(smallOf(img_url))).statusCode).toBe(404);
    expect(await rowsOf(user)).toHaveLength(0);
  });

  it("is the owner's only", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const { img_url } = (
      await upload(owner.username, await photo("png"), "image/png", owner)
    ).json();

    expect((await remove(owner.username)).statusCode).toBe(401);
    expect((await remove(owner.username, noProfile)).json().error.code).toBe("profile-required");
    const someoneElse = await remove(owner.username, other);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error.code).toBe("forbidden");
    expect((await remove("no_such_member", other)).statusCode).toBe(404);

    expect(await imgUrlOf(owner.username)).toBe(img_url);
    expect(await rowsOf(owner)).toHaveLength(1);
  });
});

describe("GET /api/photos/{id}/{size}.webp", () => {
  it.each([
    "/api/photos/00000000-0000-4000-8000-000000000000/large.webp",
    "/api/photos/00000000-0000-4000-8000-000000000000/small.webp",
    "/api/photos/not-a-uuid/large.webp",
    "/api/photos/00000000-0000-4000-8000-000000000000/huge.webp",
    "/api/photos/00000000-0000-4000-8000-000000000000/large.png",
  ])("answers 404 for %s", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not-found");
  });

  it("answers 404 for another size's name of an existing photo", async () => {
    const user = await createSignedInUser(t.app);
    const { img_url } = (await upload(user.username, await photo("png"), "image/png", user)).json();
    expect((await get(img_url.replace("large.webp", "medium.webp"))).statusCode).toBe(404);
  });
});
