import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, apiError, later, stubApi } from "../../../test/harness/web/fake-api.ts";
import { expectFieldError, fillAndSubmit } from "../../../test/harness/web/form-checks.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { suspendedMessage } from "../../shared/suspension-text.ts";
import { Notices } from "../ui/notify.tsx";
import { LoginPage } from "./login-page.tsx";
import { RegisterPage } from "./register-page.tsx";

/** Fills and sends the form of `page`, the server answering with `answer`. */
async function attempt(
  page: "login" | "register",
  answer: ApiAnswer | Promise<ApiAnswer>,
  password = "Long-enough-9",
) {
  const { requests } = renderWithApi(
    page === "login" ? <LoginPage /> : <RegisterPage />,
    () => answer,
    { path: `/${page}` },
  );
  const email = screen.getByLabelText("Email");
  const passwordField = screen.getByLabelText("Password");
  const button = screen.getByRole("button", {
    name: page === "login" ? "Sign in" : "Create account",
  });
  await fillAndSubmit(
    [
      [email, "ada@example.test"],
      [passwordField, password],
    ],
    button,
  );
  return { requests, email, password: passwordField, button };
}

describe("an email the server refuses", () => {
  it.each([
    {
      name: "login shows a badly formed email as 'Invalid email' on the Email field only",
      page: "login" as const,
      refusal: apiError(400, "invalid-email", "The email address is badly formatted.", {
        email: "Enter an email address such as name@example.com.",
      }),
      shown: "Invalid email",
    },
    {
      name: "register shows the server's message on the field it is about",
      page: "register" as const,
      refusal: apiError(409, "email-already-in-use", "The email address is already in use.", {
        email: "An account already uses this email.",
      }),
      shown: "An account already uses this email.",
    },
  ])("$name", async ({ page, refusal, shown }) => {
    const { email, password } = await attempt(page, refusal);
    await expectFieldError(email, shown);
    expect(password.getAttribute("aria-invalid")).toBeNull();
  });
});

describe("the login form", () => {
  it("sends the email and password as typed", async () => {
    const { requests } = await attempt("login", apiError(401, "invalid-credential", "No."));
    await waitFor(() =>
      expect(requests.filter((request) => request.method !== "GET")).toEqual([
        {
          method: "POST",
          path: "/auth/login",
          body: { email: "ada@example.test", password: "Long-enough-9" },
        },
      ]),
    );
  });

  it("shows a refused sign-in above the button, describing both fields", async () => {
    const { email, password } = await attempt(
      "login",
      apiError(401, "invalid-credential", "The email or password is incorrect."),
    );
    expect(await screen.findByText("Email or password was incorrect")).toBeTruthy();
    for (const field of [email, password]) {
      expect(descriptionOf(field)).toBe("Email or password was incorrect");
      expect(field.getAttribute("aria-invalid")).toBe("true");
    }
  });

  it("disables the button while signing in", async () => {
    const answer = later(apiError(401, "invalid-credential", "No."));
    const { button } = await attempt("login", answer.reply);
    expect(button).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
  });
});

describe("sign-in refused for a suspension (issue 16)", () => {
  it("shows the server's message as it is, once", async () => {
    const message = "Your account is suspended until 9 March 2026 at 10:00 UTC.";
    const { password } = await attempt("login", apiError(403, "account-suspended", message));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(descriptionOf(password)).toBe(message);
    // Not repeated in a notice: the page says it once.
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  /** The address shown, so a test can see what the page left in it. */
  function Address() {
    const { pathname, search } = useLocation();
    return <output aria-label="Address">{`${pathname}${search}`}</output>;
  }

  it.each([
    ["2026-03-09T10:00:00.000Z", suspendedMessage("2026-03-09T10:00:00.000Z")],
    ["indefinite", "Your account is suspended until a moderator lifts the suspension."],
    ["not-a-date", "Your account is suspended."],
  ])("says so after Google sign-in (until %s), then drops the parameters", async (until, text) => {
    renderWithApi(
      <>
        <LoginPage />
        <Address />
        <Notices />
      </>,
      () => ({ status: 500 }),
      { path: `/login?error=account-suspended&until=${encodeURIComponent(until)}` },
    );
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Address" }).textContent).toBe("/login"),
    );
  });
});

describe("the register form", () => {
  it("describes the password by its hint", () => {
    renderWithApi(<RegisterPage />, () => ({ status: 500 }), { path: "/register" });
    expect(descriptionOf(screen.getByLabelText("Password"))).toBe(
      "At least 6 characters; very common passwords are refused.",
    );
  });

  it("puts a weak password's reason after the hint", async () => {
    const { password } = await attempt(
      "register",
      apiError(400, "weak-password", "Password should be at least 6 characters.", {
        password: "Password should be at least 6 characters.",
      }),
      "12345",
    );
    await expectFieldError(
      password,
      "At least 6 characters; very common passwords are refused. Password should be at least 6 characters.",
    );
  });

  it("shows a failure about no field above the button, and clears it on the next try", async () => {
    const { button } = await attempt(
      "register",
      apiError(0, "network", "Cannot reach the server. Check your connection and try again."),
    );
    const message = "Cannot reach the server. Check your connection and try again.";
    await waitFor(() => expect(screen.getByText(message, { selector: "p" })).toBeTruthy());
    stubApi(() => later({ status: 200 }).reply);
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByText(message, { selector: "p" })).toBeNull());
  });
});
