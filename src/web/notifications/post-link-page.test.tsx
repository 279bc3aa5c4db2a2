import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/harness/web/fake-api.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { PostLinkAnswer } from "../../shared/post-links.ts";
import { PostLinkPage } from "./post-link-page.tsx";

const post = {
  id: 7,
  title: "Bike repairs",
  type: "offering" as const,
  expires_at: "2026-06-01T12:00:00.000Z",
};

/** The page for `token`; the server answers the GET with `preview` and a POST with `done`. */
function openLink(preview: PostLinkAnswer | "invalid", done?: PostLinkAnswer) {
  return renderWithApi(
    <PostLinkPage />,
    (request) => {
      if (preview === "invalid") {
        return apiError(
          400,
          "invalid-input",
          "This link is not valid. Open the link from the mail again, or sign in to change your post.",
        );
      }
      return request.method === "POST"
        ? { status: 200, body: done }
        : { status: 200, body: preview };
    },
    { path: "/post-link?token=abc.def" },
  );
}

describe("a reminder mail's link page", () => {
  it("asks first, and keeps the post only on the button", async () => {
    const kept = { ...post, expires_at: "2026-07-28T12:00:00.000Z" };
    const { requests } = openLink(
      { action: "keep", state: "ready", post },
      { action: "keep", state: "done", post: kept },
    );
    const button = await screen.findByRole("button", { name: "Keep for another 60 days" });
    expect(
      screen.getByRole("heading", {
        level: 1,
        name: "Keep 'Bike repairs' in the feed for another 60 days?",
      }),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole("heading", { level: 1, name: "Done" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(
      /^'Bike repairs' stays in the feed and search until /,
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
        { token: "abc.def" },
      ]),
    );
  });

  it("says a used link was already used", async () => {
    openLink({ action: "remove", state: "used", post: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link was already used" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says a link this server did not sign is not valid", async () => {
    openLink("invalid");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is not valid" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/^This link is not valid\./);
  });
});
