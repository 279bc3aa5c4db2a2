import { waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, apiError, later } from "../../../test/harness/web/fake-api.ts";
import {
  expectFieldError,
  fillAndSubmit,
  submitOverlongPassword,
} from "../../../test/harness/web/form-checks.ts";
import { descriptionOf, renderForm } from "../../../test/harness/web/render-with-app.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";

function openForm(answer: () => ApiAnswer | Promise<ApiAnswer>) {
  const { requests, form } = renderForm(<ChangePasswordForm />, "Change password", answer);
  const current = form.getByLabelText("Current password");
  const next = form.getByLabelText("New password");
  const submit = form.getByRole("button", { name: "Change password" });
  /** Types the current and the new password and presses the button. */
  const send = (currentText: string, nextText: string) =>
    fillAndSubmit(
      [
        [current, currentText],
        [next, nextText],
      ],
      submit,
    );
  return { requests, current, next, submit, send };
}

describe("the change-password form", () => {
  it("sends the current and the new password, then empties the fields", async () => {
    const { requests, current, next, send } = openForm(() => ({ status: 204 }));
    expect(descriptionOf(next)).toBe("At least 6 characters; very common passwords are refused.");
    await send("Old-password-1", "New-password-2");
    await waitFor(() => expect(current).toHaveProperty("value", ""));
    expect(next).toHaveProperty("value", "");
    expect(requests[0]).toEqual({
      method: "PUT",
      path: "/me/password",
      body: { currentPassword: "Old-password-1", newPassword: "New-password-2" },
    });
  });

  it("checks the fields by the shared schema before sending", async () => {
    const { requests, current, next, submit } = openForm(() => ({ status: 204 }));
    await userEvent.type(current, "Old-password-1");
    await submitOverlongPassword(next, submit);
    expect(current.getAttribute("aria-invalid")).toBeNull();
    expect(requests).toEqual([]);
  });

  it("puts a wrong current password on its field and leaves the new one be", async () => {
    const { current, next, send } = openForm(() =>
      apiError(400, "wrong-password", "The password is incorrect.", {
        currentPassword: "The password is incorrect.",
      }),
    );
    await send("Not-it-1", "New-password-2");
    await expectFieldError(current, "The password is incorrect.");
    expect(next.getAttribute("aria-invalid")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(current));
  });

  it("puts a weak new password's reason after the hint", async () => {
    const { next, send } = openForm(() =>
      apiError(400, "weak-password", "This password is too common.", {
        newPassword: "This password is too common.",
      }),
    );
    await send("Old-password-1", "password");
    await expectFieldError(
      next,
      "At least 6 characters; very common passwords are refused. This password is too common.",
    );
  });

  it("disables the button while sending", async () => {
    const answer = later({ status: 204 });
    const { submit, send } = openForm(() => answer.reply);
    await send("Old-password-1", "New-password-2");
    expect(submit).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
  });
});
