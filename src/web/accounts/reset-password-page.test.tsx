import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiHandler, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { expectFieldError, pasteInto } from "../../../test/harness/web/form-checks.ts";
import { identity } from "../../../test/harness/web/members.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";

const ada = identity();
const INVALID = "This link is invalid or has expired.";
const HINT = "At least 6 characters; very common passwords are refused.";

/** The page at `path`, the server answering the reset with `answer` and /me with Ada's session. */
function openPage(answer: ApiHandler, path = "/reset-password?token=t0ken") {
  const { requests } = renderWithApi(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/feed" element={<h1>The feed</h1>} />
    </Routes>,
    (request) =>
      request.path === "/me"
        ? { status: 200, body: { user: ada, profile: null } }
        : answer(request),
    { path },
  );
  return requests;
}

const field = () => screen.getByLabelText("New password");
const button = () => screen.getByRole("button", { name: "Set new password" });

async function submit(password = "Long-enough-9") {
  await userEvent.type(field(), password);
  await userEvent.click(button());
}

describe("the reset-password page", () => {
  it("sends the link's token with the new password, then signs in and goes to the feed", async () => {
    const requests = openPage(() => ({ status: 200, body: { user: ada } }));
    expect(descriptionOf(field())).toBe(HINT);
    await submit();
    expect(await screen.findByRole("heading", { name: "The feed" })).toBeTruthy();
    expect(requests).toEqual([
      {
        method: "POST",
        path: "/auth/reset-password",
        body: { token: "t0ken", password: "Long-enough-9" },
      },
      { method: "GET", path: "/me", body: undefined },
    ]);
  });

  it("checks the password by the shared schema before sending", async () => {
    const requests = openPage(() => ({ status: 200, body: { user: ada } }));
    await pasteInto(field(), "p".repeat(4097));
    await userEvent.click(button());
    await expectFieldError(field(), /^At least 6 characters.+4096/);
    expect(requests).toEqual([]);
  });

  it("puts a weak password's reason after the hint", async () => {
    openPage(() =>
      apiError(400, "weak-password", "Password should be at least 6 characters.", {
        password: "Password should be at least 6 characters.",
      }),
    );
    await submit("12345");
    await waitFor(() =>
      expect(descriptionOf(field())).toBe(`${HINT} Password should be at least 6 characters.`),
    );
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it("turns into the invalid-link message, with a way to a new link, when the token is refused", async () => {
    openPage(() => apiError(400, "invalid-token", INVALID));
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe(INVALID);
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("says the link is invalid at once when it has no token", () => {
    const requests = openPage(() => ({ status: 500 }), "/reset-password");
    expect(screen.getByRole("alert").textContent).toBe(INVALID);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("disables the button while sending", async () => {
    const answer = later(apiError(400, "invalid-token", INVALID));
    openPage(() => answer.reply);
    await submit();
    expect(button()).toHaveProperty("disabled", true);
    answer.send();
    expect(await screen.findByRole("alert")).toBeTruthy();
  });
});
