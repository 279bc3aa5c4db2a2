import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, apiError } from "../../../test/harness/web/fake-api.ts";
import { profileDetailOf } from "../../../test/harness/web/members.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { ProfilePhotoField } from "./profile-photo-field.tsx";

const PHOTO = "/api/photos/3f2b9c4e-8d1a-4e6f-9b7c-0a1b2c3d4e5f/large.webp";

const ada: ProfileDetail = profileDetailOf("ada", { img_url: "/api/avatars/ada.svg" });

// Files of any type, as a person can pick with "All files" (the accept list is only a hint).
const user = userEvent.setup({ applyAccept: false });

function open(profile: ProfileDetail, answer: () => ApiAnswer) {
  const { requests } = renderWithApi(<ProfilePhotoField profile={profile} />, answer);
  return { requests, input: screen.getByLabelText("Upload a photo") };
}

const file = (type: string, size = 1000) => new File([new Uint8Array(size)], "me.img", { type });

describe("the profile's photo", () => {
  it("offers JPEG, PNG and WebP, and Remove photo only for an uploaded photo", () => {
    const { input } = open(ada, () => ({ status: 500 }));
    expect(input.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp");
    expect(descriptionOf(input)).toMatch(/JPEG, PNG or WebP, at most 5 MB/);
    expect(screen.queryByRole("button", { name: "Remove photo" })).toBeNull();
    expect(screen.getByRole("img", { name: "Your current photo" })).toHaveProperty(
      "src",
      "http://localhost:3000/api/avatars/ada.svg",
    );
  });

  it.each([
    ["an SVG", file("image/svg+xml"), "Photos must be JPEG, PNG or WebP images."],
    ["a GIF", file("image/gif"), "Photos must be JPEG, PNG or WebP images."],
    ["a file over 5 MB", file("image/jpeg", 5 * 1024 * 1024 + 1), "Photos must be at most 5 MB."],
  ])("refuses %s before sending it, in the server's words", async (_, chosen, message) => {
    const { requests, input } = open(ada, () => ({ status: 500 }));
    await user.upload(input, chosen);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(input)).toContain(message);
    expect(requests).toEqual([]);
  });

  it("sends a chosen JPEG as the photo and shows the server's refusal beside the field", async () => {
    const { requests, input } = open(ada, () =>
      apiError(400, "invalid-image", "This image is damaged or incomplete. Choose another file."),
    );
    await user.upload(input, file("image/jpeg"));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "This image is damaged or incomplete. Choose another file.",
      ),
    );
    expect(requests).toEqual([{ method: "PUT", path: "/users/ada/photo", body: undefined }]);
  });

  it("Remove photo deletes the uploaded one", async () => {
    const { requests } = open({ ...ada, img_url: PHOTO }, () => ({
      status: 200,
      body: { img_url: "/api/avatars/ada.svg" },
    }));
    await user.click(screen.getByRole("button", { name: "Remove photo" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: "DELETE", path: "/users/ada/photo" });
  });
});
