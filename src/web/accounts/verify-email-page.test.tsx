import { configure, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiHandler, apiError } from "../../../test/harness/web/fake-api.ts";
import { identity } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { IdentityDto } from "../../shared/identity.ts";
import { Notices } from "../ui/notify.tsx";
import { VerifyEmailPage } from "./verify-email-page.tsx";

const ada = identity({ emailVerified: false });
const INVALID = "This link is invalid or has expired.";

// As in main.tsx: development runs every effect twice, and the page must still send the token once.
configure({ reactStrictMode: true });

/** The page at `path`, the viewer `viewer`, the server `answer`. */
function openPage(
  answer: ApiHandler,
  { path = "/verify-email?token=t0ken", viewer = null as IdentityDto | null } = {},
) {
  const { requests } = renderWithApi(
    <>
      <VerifyEmailPage />
      <Notices />
    </>,
    (request) =>
      request.path === "/me"
        ? { status: 200, body: { user: viewer, profile: null } }
        : answer(request),
    { path },
  );
  return { posts: () => requests.filter((request) => request.method === "POST") };
}

describe("the verify-email page", () => {
  it("sends the token once, even with development's double effects, and says it worked", async () => {
    const { posts } = openPage(() => ({
      status: 200,
      body: { user: { ...ada, emailVerified: true } },
    }));
    expect(screen.getByText("Checking your link...")).toBeTruthy();
    expect((await screen.findByRole("status")).textContent).toBe("Your email is verified.");
    expect(screen.getByText("ada@example.test")).toBeTruthy();
    expect(posts()).toEqual([
      { method: "POST", path: "/auth/verify-email", body: { token: "t0ken" } },
    ]);
  });

  it("says a refused link is invalid and, signed in, offers a new one", async () => {
    const { posts } = openPage(
      (request) =>
        request.path === "/auth/verify-email/resend"
          ? { status: 202, body: { sent: true } }
          : apiError(400, "invalid-token", INVALID),
      { viewer: ada },
    );
    expect((await screen.findByRole("alert")).textContent).toBe(INVALID);
    await userEvent.click(await screen.findByRole("button", { name: "Send a new link" }));
    await screen.findByText("Verification email sent.");
    expect(posts().map((request) => request.path)).toEqual([
      "/auth/verify-email",
      "/auth/verify-email/resend",
    ]);
  });

  it("tells the signed out to sign in for a new link", async () => {
    openPage(() => apiError(400, "invalid-token", INVALID));
    expect((await screen.findByRole("alert")).textContent).toBe(INVALID);
    expect((await screen.findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe(
      "/login",
    );
    expect(screen.queryByRole("button", { name: "Send a new link" })).toBeNull();
  });

  it("says a link without a token is invalid, sending nothing", () => {
    const { posts } = openPage(() => ({ status: 500 }), { path: "/verify-email" });
    expect(screen.getByRole("alert").textContent).toBe(INVALID);
    expect(posts()).toEqual([]);
  });

  it("offers to try again when the server could not be reached", async () => {
    let attempts = 0;
    openPage(() =>
      ++attempts === 1
        ? apiError(0, "network", "Cannot reach the server.")
        : { status: 200, body: { user: { ...ada, emailVerified: true } } },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("status")).textContent).toBe("Your email is verified.");
  });
});
