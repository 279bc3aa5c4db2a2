import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  type ApiHandler,
  apiError,
  later,
  withMailStatus,
} from "../../../test/harness/web/fake-api.ts";
import { expectFieldError, pasteInto } from "../../../test/harness/web/form-checks.ts";
import { expectNoMailLine } from "../../../test/harness/web/no-mail.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { ChangeEmailForm } from "./change-email-form.tsx";

function openForm(answer: ApiHandler, available = true) {
  const { requests } = renderWithApi(
    <ChangeEmailForm currentEmail="ada@example.test" />,
    withMailStatus(available, answer),
  );
  return {
    sent: () => requests.filter((request) => request.method === "PUT"),
    email: () => screen.getByLabelText("New email"),
    password: () => screen.getByLabelText("Current password"),
    submit: () => screen.getByRole("button", { name: "Send confirmation link" }),
  };
}

describe("the change-email form", () => {
  it("sends the new address and the password, then says where the link went", async () => {
    const { sent, email, password, submit } = openForm(() => ({
      status: 202,
      body: { sent: true },
    }));
    expect(screen.getByText("ada@example.test")).toBeTruthy();
    await userEvent.type(email(), "ada@new.test");
    await userEvent.type(password(), "Pass-word-1");
    await userEvent.click(submit());
    expect((await screen.findByRole("status")).textContent).toBe(
      "We sent a link to ada@new.test. Your email changes once you follow it.",
    );
    expect(sent()).toEqual([
      {
        method: "PUT",
        path: "/me/email",
        body: { email: "ada@new.test", currentPassword: "Pass-word-1" },
      },
    ]);
    expect(email()).toHaveProperty("value", "");
  });

  it("leaves the password out when it is empty (a Google-only account)", async () => {
    const { sent, email, submit } = openForm(() => ({ status: 202, body: { sent: true } }));
    await userEvent.type(email(), "ada@new.test");
    await userEvent.click(submit());
    await screen.findByRole("status");
    expect(sent()[0]?.body).toEqual({ email: "ada@new.test" });
  });

  it("checks the fields by the shared schema before sending", async () => {
    const { sent, email, submit } = openForm(() => ({ status: 202, body: { sent: true } }));
    await pasteInto(email(), `${"a".repeat(1000)}@new.test`);
    await userEvent.click(submit());
    await expectFieldError(email(), /1000/);
    expect(sent()).toEqual([]);
  });

  it("puts an address in use on the New email field", async () => {
    const { email, password, submit } = openForm(() =>
      apiError(409, "email-already-in-use", "The email address is already in use.", {
        email: "An account already uses this email.",
      }),
    );
    await userEvent.type(email(), "bob@example.test");
    await userEvent.type(password(), "Pass-word-1");
    await userEvent.click(submit());
    await waitFor(() => expect(descriptionOf(email())).toBe("An account already uses this email."));
    expect(password().getAttribute("aria-invalid")).toBeNull();
  });

  it("disables the button while sending", async () => {
    const answer = later({ status: 202, body: { sent: true } });
    const { email, submit } = openForm(() => answer.reply);
    await userEvent.type(email(), "ada@new.test");
    await userEvent.click(submit());
    expect(submit()).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(submit()).toHaveProperty("disabled", false));
  });

  it("says email is not set up instead of the form when the server sends no mail", async () => {
    openForm(() => ({ status: 500 }), false);
    await expectNoMailLine();
    expect(screen.queryByLabelText("New email")).toBeNull();
  });
});
