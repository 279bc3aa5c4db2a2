import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiHandler, apiError } from "../../../test/harness/web/fake-api.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { Notices } from "../ui/notify.tsx";
import { LoginPage } from "./login-page.tsx";
import { RegisterPage } from "./register-page.tsx";

/** Issue 20: the sign-in pages' words, their Google button, and signed-in members. */

const signedOut = { user: null, profile: null };
const member = {
  user: {
    id: "u1",
    email: "ada@example.test",
    displayName: null,
    photoURL: null,
    emailVerified: true,
  },
  profile: { username: "ada", email: null, img_url: null, bio: "", skills: [], interests: [] },
};

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

/** The server: signed out, Google offered or not, and `login` answering POST /auth/login. */
function server({
  google = true,
  session = signedOut as unknown,
  login,
}: {
  google?: boolean;
  session?: unknown;
  login?: ApiHandler;
} = {}): ApiHandler {
  return (request) => {
    if (request.path === "/auth/providers") return { status: 200, body: { google } };
    if (request.path === "/me") return { status: 200, body: session };
    return login ? login(request) : { status: 500 };
  };
}

function open(path: string, answer: ApiHandler) {
  return renderWithApi(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<Address />} />
      </Routes>
      <Notices />
    </>,
    answer,
    { path },
  );
}

async function signIn(password = "Long-enough-9") {
  await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
  await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("the sign-in page's words", () => {
  it("calls the action 'Sign in'", async () => {
    open("/login", server());
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByText(/\bLog ?in\b/i)).toBeNull();
  });

  it.each([
    [
      "too many requests from the network",
      apiError(
        429,
        "too-many-requests",
        "Too many requests from your network. Please try again in 1 minute.",
      ),
      "Too many requests from your network. Please try again in 1 minute.",
    ],
    [
      "no answer from the server",
      apiError(0, "network", "Cannot reach the server. Check your connection and try again."),
      "Cannot reach the server. Check your connection and try again.",
    ],
    [
      "a server failure",
      apiError(500, "internal", "Something went wrong on our side. Please try again."),
      "Something went wrong on our side. Please try again.",
    ],
  ])(
    "says what happened for %s, once, and not that the password was wrong",
    async (_, answer, text) => {
      open("/login", server({ login: () => answer }));
      await signIn();
      expect(await screen.findByText(text)).toBeTruthy();
      expect(descriptionOf(screen.getByLabelText("Password"))).toBe(text);
      expect(screen.queryByText("Email or password was incorrect")).toBeNull();
      expect(screen.getAllByText(text)).toHaveLength(1);
    },
  );

  it("says until when a paused account may sign in again, once", async () => {
    const pausedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const answer = apiError(
      429,
      "too-many-requests",
      "Sign-in to this account is paused after too many failed attempts. Please try again in 10 minutes.",
      { pausedUntil },
    );
    open("/login", server({ login: () => answer }));
    await signIn();
    expect(
      await screen.findByText(/^Sign-in to this account is paused .* Try again at .+\.$/),
    ).toBeTruthy();
    expect(screen.queryByText(/Please try again in 10 minutes/)).toBeNull();
    expect(screen.getAllByText(/paused/)).toHaveLength(1);
  });

  it.each(["/login", "/register"])(
    "asks for an empty email on %s without sending it",
    async (path) => {
      const { requests } = open(path, server());
      await userEvent.type(screen.getByLabelText("Password"), "Long-enough-9");
      await userEvent.click(
        screen.getByRole("button", { name: path === "/login" ? "Sign in" : "Create account" }),
      );
      const email = screen.getByLabelText("Email");
      await waitFor(() => expect(descriptionOf(email)).toBe("Enter your email."));
      expect(email.getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(email);
      expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
    },
  );
});

describe("Google on the sign-in pages", () => {
  it.each(["/login", "/register"])("is offered on %s when the server has it", async (path) => {
    open(path, server({ google: true }));
    expect(await screen.findByRole("button", { name: /with Google/ })).toBeTruthy();
    expect(screen.getByText("or")).toBeTruthy();
  });

  it.each(["/login", "/register"])(
    "is not offered on %s when the server has none",
    async (path) => {
      const { requests } = open(path, server({ google: false }));
      await waitFor(() => expect(requests.some((r) => r.path === "/auth/providers")).toBe(true));
      // Give the answer its render, then look.
      await screen.findByRole("heading", { level: 1 });
      await waitFor(() => expect(screen.queryByRole("button", { name: /Google/ })).toBeNull());
      expect(screen.queryByText("or")).toBeNull();
    },
  );
});

describe("a signed-in member on the sign-in pages", () => {
  it.each([
    ["/login", "/feed"],
    ["/register", "/feed"],
    ["/login?next=%2Fsettings", "/settings"],
  ])("opening %s goes on to %s", async (path, to) => {
    open(path, server({ session: member }));
    expect((await screen.findByRole("status", { name: "Address" })).textContent).toBe(to);
  });

  it("without a profile goes to choose one, keeping where it was going", async () => {
    open("/login?next=%2Fsettings", server({ session: { ...member, profile: null } }));
    expect((await screen.findByRole("status", { name: "Address" })).textContent).toBe(
      "/createYourUser?next=%2Fsettings",
    );
  });
});

describe("signing in from a page that asked", () => {
  it("goes back to it, and the register link keeps it", async () => {
    let signedIn = false;
    open("/login?next=%2Fuser%2Fbob", (request) => {
      if (request.path === "/auth/providers") return { status: 200, body: { google: true } };
      if (request.path === "/me") return { status: 200, body: signedIn ? member : signedOut };
      signedIn = true;
      return { status: 200, body: { user: member.user } };
    });
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/register?next=%2Fuser%2Fbob",
    );
    await signIn();
    expect((await screen.findByRole("status", { name: "Address" })).textContent).toBe("/user/bob");
    expect(await screen.findByText("Successfully Logged In")).toBeTruthy();
  });
});
