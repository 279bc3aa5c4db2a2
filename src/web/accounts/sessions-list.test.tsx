import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiHandler, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { SessionDto } from "../../shared/accounts.ts";
import { SessionsList } from "./sessions-list.tsx";

const here: SessionDto = {
  id: "s-here",
  browser: "Chrome on Linux",
  createdAt: "2026-03-01T10:00:00.000Z",
  lastUsedAt: "2026-03-02T10:00:00.000Z",
  current: true,
};
const phone: SessionDto = {
  id: "s-phone",
  browser: "Safari on iOS",
  createdAt: "2026-02-01T10:00:00.000Z",
  lastUsedAt: "2026-03-03T10:00:00.000Z",
  current: false,
};
const laptop: SessionDto = { ...phone, id: "s-laptop", browser: "Firefox on Windows" };

/** The list, the server answering GET /me/sessions with `sessions` and anything else with `answer`. */
function openList(sessions: () => SessionDto[], answer: ApiHandler = () => ({ status: 204 })) {
  const { requests } = renderWithApi(<SessionsList />, (request) =>
    request.path === "/me/sessions"
      ? { status: 200, body: { sessions: sessions() } }
      : answer(request),
  );
  return { changes: () => requests.filter((request) => request.method !== "GET") };
}

const items = async () => {
  const list = await screen.findByRole("list");
  return within(list).getAllByRole("listitem");
};

describe("the sessions list", () => {
  it("shows this browser first, marked, without its own Sign out", async () => {
    openList(() => [phone, here]);
    const [first, second] = await items();
    expect(first?.textContent).toContain("Chrome on Linux");
    expect(within(first as HTMLElement).getByText("This browser")).toBeTruthy();
    expect(within(first as HTMLElement).queryByRole("button")).toBeNull();
    expect(second?.textContent).toContain("Safari on iOS");
    expect(second?.textContent).toMatch(/Last used .+2026/);
    expect(within(second as HTMLElement).queryByText("This browser")).toBeNull();
  });

  it("signs one other session out and shows the list without it", async () => {
    let sessions = [here, phone, laptop];
    const { changes } = openList(
      () => sessions,
      (request) => {
        sessions = sessions.filter((session) => !request.path.endsWith(session.id));
        return { status: 204 };
      },
    );
    const phoneItem = (await items()).find((item) => item.textContent?.includes("Safari"));
    await userEvent.click(
      within(phoneItem as HTMLElement).getByRole("button", { name: "Sign out" }),
    );
    await waitFor(async () => expect(await items()).toHaveLength(2));
    expect(changes()).toEqual([
      { method: "DELETE", path: "/me/sessions/s-phone", body: undefined },
    ]);
  });

  it("signs every other session out at once", async () => {
    let sessions = [here, phone, laptop];
    const { changes } = openList(
      () => sessions,
      () => {
        sessions = [here];
        return { status: 204 };
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(changes()).toEqual([
      { method: "POST", path: "/me/sessions/revoke-others", body: undefined },
    ]);
    expect(screen.queryByRole("button", { name: "Sign out everywhere else" })).toBeNull();
  });

  it("waits while signing out everywhere else", async () => {
    const answer = later({ status: 204 });
    openList(
      () => [here, phone],
      () => answer.reply,
    );
    const button = await screen.findByRole("button", { name: "Sign out everywhere else" });
    await userEvent.click(button);
    expect(button).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
  });

  it("offers to try again when the list could not be loaded", async () => {
    let fail = true;
    renderWithApi(<SessionsList />, () =>
      fail
        ? apiError(0, "network", "Cannot reach the server.")
        : { status: 200, body: { sessions: [here] } },
    );
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    await userEvent.click(retry);
    expect((await items())[0]?.textContent).toContain("This browser");
  });
});
