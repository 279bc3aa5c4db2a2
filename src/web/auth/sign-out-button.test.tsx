import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiAnswer } from "../../../test/harness/web/fake-api.ts";
import { stubPushBrowser } from "../../../test/harness/web/push-browser.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { PushDevice } from "../../shared/push.ts";
import { SignOutButton } from "./sign-out-button.tsx";

const here: PushDevice = {
  id: 5,
  endpoint: "https://push.example.test/here",
  label: "Firefox on Linux",
  created_at: "2026-11-20T09:00:00.000Z",
};

/** Signed in on /settings, this browser subscribed; the server removes devices with `removal`. */
function openSignOut(removal: ApiAnswer) {
  const browser = stubPushBrowser({ subscribedTo: here.endpoint });
  const { requests } = renderWithApi(
    <Routes>
      <Route path="/settings" element={<SignOutButton />} />
      <Route path="/" element={<h1>Home</h1>} />
    </Routes>,
    (request) => {
      if (request.path === "/push/subscriptions") return { status: 200, body: { devices: [here] } };
      if (request.method === "DELETE") return removal;
      return { status: 204 };
    },
    { path: "/settings" },
  );
  return { browser, changes: () => requests.filter((request) => request.method !== "GET") };
}

describe("signing out", () => {
  it("first drops this device's push, on the server and in the browser", async () => {
    const { browser, changes } = openSignOut({ status: 204 });
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
    expect(changes()).toEqual([
      { method: "DELETE", path: "/push/subscriptions/5", body: undefined },
      { method: "POST", path: "/auth/logout", body: undefined },
    ]);
    expect(browser.subscription).toBe(null);
  });

  it("signs out even when the server cannot remove the device", async () => {
    const { browser, changes } = openSignOut({ status: 500 });
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
    await waitFor(() =>
      expect(changes().map(({ method, path }) => `${method} ${path}`)).toEqual([
        "DELETE /push/subscriptions/5",
        "POST /auth/logout",
      ]),
    );
    expect(browser.subscription).toBe(null);
  });
});
