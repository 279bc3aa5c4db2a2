import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiHandler, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { expectFieldError, submitOverlongPassword } from "../../../test/harness/web/form-checks.ts";
import { identity } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { sessionQueryKey } from "../api/query-keys.ts";
import { providersQueryKey } from "../auth/api/providers.ts";
import { DeleteAccountForm } from "./delete-account-form.tsx";

withModalDialogs();

const CONSEQUENCES =
  "Your profile, posts, reviews and chat messages are removed. Your username stays reserved for 90 days.";

function openForm(answer: ApiHandler) {
  const { requests, queryClient } = renderWithApi(
    <Routes>
      <Route path="/settings" element={<DeleteAccountForm />} />
      <Route path="/" element={<h1>Home</h1>} />
    </Routes>,
    answer,
    { path: "/settings" },
  );
  queryClient.setQueryData(sessionQueryKey, { user: identity(), profile: null });
  // The server offers Google sign-in (GET /api/auth/providers).
  queryClient.setQueryData(providersQueryKey, { google: true });
  const form = within(screen.getByRole("form", { name: "Delete my account" }));
  return {
    requests,
    queryClient,
    password: form.getByLabelText("Password"),
    submit: form.getByRole("button", { name: "Delete my account" }),
  };
}

const dialog = () => screen.getByRole("dialog", { name: "Delete your account?" });
/** The confirmation, once the form's own (asynchronous) checks have passed and opened it. */
const openedDialog = () => screen.findByRole("dialog", { name: "Delete your account?" });
const confirmButton = () =>
  within(dialog()).getByRole("button", { name: "Delete my account permanently" });

describe("the delete-account form", () => {
  it("says what happens, asks for confirmation, deletes, signs out and goes home", async () => {
    const { requests, queryClient, password, submit } = openForm(() => ({ status: 204 }));
    expect(screen.getByText(CONSEQUENCES)).toBeTruthy();
    await userEvent.type(password, "Pass-word-1");
    await userEvent.click(submit);
    expect(
      within(await openedDialog()).getByText(`${CONSEQUENCES} This cannot be undone.`),
    ).toBeTruthy();
    expect(requests).toEqual([]);
    await userEvent.click(confirmButton());
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
    expect(requests).toEqual([
      { method: "DELETE", path: "/me", body: { password: "Pass-word-1" } },
    ]);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null, profile: null });
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    const { requests, submit } = openForm(() => ({ status: 204 }));
    await userEvent.click(submit);
    await userEvent.click(within(await openedDialog()).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(requests).toEqual([]);
  });

  it("checks the password by the shared schema before asking", async () => {
    const { requests, password, submit } = openForm(() => ({ status: 204 }));
    await submitOverlongPassword(password, submit);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(requests).toEqual([]);
  });

  it("puts a wrong password on its field and closes the confirmation", async () => {
    const { password, submit } = openForm(() =>
      apiError(400, "wrong-password", "The password is incorrect.", {
        password: "The password is incorrect.",
      }),
    );
    await userEvent.type(password, "Not-it-1");
    await userEvent.click(submit);
    await openedDialog();
    await userEvent.click(confirmButton());
    await expectFieldError(
      password,
      "Signed up with Google? Leave it empty. The password is incorrect.",
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers Google sign-in again when the server asks for a recent one", async () => {
    const { requests, submit } = openForm(() =>
      apiError(403, "reauthentication-required", "Sign in again to delete your account."),
    );
    await userEvent.click(submit);
    await openedDialog();
    await userEvent.click(confirmButton());
    expect(await screen.findByRole("button", { name: "Sign in with Google again" })).toBeTruthy();
    expect(requests).toEqual([{ method: "DELETE", path: "/me", body: {} }]);
  });

  it("disables both buttons while deleting", async () => {
    const answer = later(apiError(400, "wrong-password", "The password is incorrect."));
    const { submit } = openForm(() => answer.reply);
    await userEvent.click(submit);
    await openedDialog();
    await userEvent.click(confirmButton());
    expect(confirmButton()).toHaveProperty("disabled", true);
    expect(within(dialog()).getByRole("button", { name: "Cancel" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(submit).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
  });
});
