import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiHandler, later, withMailStatus } from "../../../test/harness/web/fake-api.ts";
import { identity, profileOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import type { PublicProfile } from "../../shared/profiles.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { SettingsPage } from "./settings-page.tsx";

const profile: PublicProfile = {
  ...profileOf("ada"),
  email: "ada@example.test",
  show_email: false,
};
const signedIn: MeResponse = { user: identity(), profile };

function openPage(session: MeResponse, answer: ApiHandler = () => ({ status: 500 })) {
  const { requests, queryClient } = renderWithApi(
    <Routes>
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/login" element={<h1>Login</h1>} />
      <Route path="/" element={<h1>Home</h1>} />
    </Routes>,
    withMailStatus(true, (request) => {
      if (request.path === "/me") return { status: 200, body: session };
      if (request.path === "/me/sessions") return { status: 200, body: { sessions: [] } };
      if (request.path === "/blocks") return { status: 200, body: { blocked: [] } };
      // The notifications' sections (issue 30) read theirs; nothing chosen, nothing saved.
      if (request.method === "GET" && request.path === "/notifications/settings") {
        return { status: 200, body: { settings: [] } };
      }
      if (request.method === "GET" && request.path === "/push/subscriptions") {
        return { status: 200, body: { devices: [] } };
      }
      if (request.method === "GET" && request.path === "/saved-searches") {
        return { status: 200, body: { saved_searches: [] } };
      }
      return answer(request);
    }),
    { path: "/settings" },
  );
  return {
    queryClient,
    changes: () => requests.filter((request) => request.method !== "GET"),
  };
}

const section = (name: string) => screen.getByRole("region", { name });

describe("the settings page", () => {
  it("has every section, in order", async () => {
    openPage(signedIn);
    await screen.findByRole("heading", { level: 1, name: "Settings" });
    expect(
      screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      "Change password",
      "Change email",
      "Privacy",
      "Notifications",
      "Saved searches",
      "Blocked members",
      "Sessions",
      "Export my data",
      "Delete my account",
    ]);
  });

  it("downloads the export through a plain link, cookies and all", async () => {
    openPage(signedIn);
    const link = within(await screen.findByRole("region", { name: "Export my data" })).getByRole(
      "link",
      { name: "Download my data" },
    );
    expect(link.getAttribute("href")).toBe("/api/me/export");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("saves whether members see the email through the profile's API", async () => {
    const answer = later({ status: 200, body: { user: { ...profile, show_email: true } } });
    const { changes } = openPage(signedIn, () => answer.reply);
    await screen.findByRole("region", { name: "Privacy" });
    const privacy = within(section("Privacy"));
    const option = privacy.getByRole("checkbox", { name: "Show my email to signed-in members" });
    expect(option).toHaveProperty("checked", false);
    await userEvent.click(option);
    const save = privacy.getByRole("button", { name: "Save" });
    await userEvent.click(save);
    expect(save).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(save).toHaveProperty("disabled", false));
    expect(option).toHaveProperty("checked", true);
    expect(changes()).toEqual([{ method: "PUT", path: "/users/ada", body: { show_email: true } }]);
  });

  it("leaves the email option out before the profile exists", async () => {
    openPage({ ...signedIn, profile: null });
    await screen.findByRole("heading", { level: 1, name: "Settings" });
    expect(screen.queryByRole("region", { name: "Privacy" })).toBeNull();
  });

  it("sends the signed out to the login page", async () => {
    openPage({ user: null, profile: null });
    expect(await screen.findByRole("heading", { name: "Login" })).toBeTruthy();
  });

  it("goes home, not to the login page, when the session ends while it is open", async () => {
    const { queryClient } = openPage(signedIn);
    await screen.findByRole("heading", { level: 1, name: "Settings" });
    act(() => queryClient.setQueryData(sessionQueryKey, { user: null, profile: null }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
  });
});
