import { screen } from "@testing-library/react";
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
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";

const SENT =
  "If an account uses that email, we sent it a link to reset the password. It works for one hour.";

/** The page, the server answering mail-status with `available` and the form with `answer`. */
function openPage(answer: ApiHandler, available = true) {
  const { requests } = renderWithApi(<ForgotPasswordPage />, withMailStatus(available, answer), {
    path: "/forgot-password",
  });
  const sent = () => requests.filter((request) => request.method === "POST");
  return { sent };
}

const field = () => screen.getByLabelText("Email");
const button = () => screen.getByRole("button", { name: "Send reset link" });

describe("the forgot-password page", () => {
  it("sends the email, then says the same thing whether or not an account uses it", async () => {
    const { sent } = openPage(() => ({ status: 202, body: { sent: true } }));
    await userEvent.type(field(), "ada@example.test");
    await userEvent.click(button());
    expect((await screen.findByRole("status")).textContent).toBe(SENT);
    expect(sent()).toEqual([
      { method: "POST", path: "/auth/forgot-password", body: { email: "ada@example.test" } },
    ]);
    expect(screen.queryByLabelText("Email")).toBeNull();
  });

  it("checks the field by the shared schema before sending", async () => {
    const { sent } = openPage(() => ({ status: 202, body: { sent: true } }));
    await pasteInto(field(), `${"a".repeat(995)}@example.test`);
    await userEvent.click(button());
    await expectFieldError(field(), /1000/);
    expect(sent()).toEqual([]);
  });

  it("puts the server's message on the Email field", async () => {
    openPage(() =>
      apiError(400, "invalid-email", "The email address is badly formatted.", {
        email: "Enter an email address such as name@example.com.",
      }),
    );
    await userEvent.type(field(), "ada@");
    await userEvent.click(button());
    await expectFieldError(field(), "Enter an email address such as name@example.com.");
  });

  it("says why when the server refuses the whole attempt", async () => {
    openPage(() => apiError(429, "too-many-requests", "Too many requests. Try again later."));
    await userEvent.type(field(), "ada@example.test");
    await userEvent.click(button());
    expect(await screen.findByText("Too many requests. Try again later.")).toBeTruthy();
    expect(button()).toHaveProperty("disabled", false);
  });

  it("disables the button while sending", async () => {
    const answer = later({ status: 202, body: { sent: true } });
    openPage(() => answer.reply);
    await userEvent.type(field(), "ada@example.test");
    await userEvent.click(button());
    expect(button()).toHaveProperty("disabled", true);
    answer.send();
    expect(await screen.findByRole("status")).toBeTruthy();
  });

  it("says email is not set up instead of the form when the server sends no mail", async () => {
    openPage(() => ({ status: 500 }), false);
    await expectNoMailLine();
    expect(screen.queryByLabelText("Email")).toBeNull();
  });

  it("says so too when the server refuses for want of mail", async () => {
    openPage(() => apiError(503, "mail-unavailable", "Email is not set up on this server."));
    await userEvent.type(field(), "ada@example.test");
    await userEvent.click(button());
    await expectNoMailLine();
    expect(screen.queryByRole("button", { name: "Send reset link" })).toBeNull();
  });
});
