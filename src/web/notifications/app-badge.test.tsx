import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { showCountOnAppBadge } from "./app-badge.ts";
import { NotificationsLink } from "./notifications-link.tsx";

type Badging = { setAppBadge?: unknown; clearAppBadge?: unknown };

/** Gives jsdom's navigator the Badging API, as Chromium and installed Safari apps have it. */
function withBadging(fail = false) {
  const result = () => (fail ? Promise.reject(new DOMException("not allowed")) : Promise.resolve());
  const setAppBadge = vi.fn(result);
  const clearAppBadge = vi.fn(result);
  Object.assign(navigator as Badging, { setAppBadge, clearAppBadge });
  return { setAppBadge, clearAppBadge };
}

afterEach(() => {
  delete (navigator as Badging).setAppBadge;
  delete (navigator as Badging).clearAppBadge;
});

describe("the app badge", () => {
  it("shows the bell's unread count on the installed app's icon", async () => {
    const badge = withBadging();
    renderWithApi(<NotificationsLink />, (request) =>
      request.path === "/me"
        ? { status: 200, body: sessionOf("ada") }
        : { status: 200, body: { unread: 4 } },
    );
    await screen.findByRole("link", { name: "Notifications (4)" });
    await waitFor(() => expect(badge.setAppBadge).toHaveBeenLastCalledWith(4));
  });

  it("clears at 0", () => {
    const badge = withBadging();
    showCountOnAppBadge(3);
    expect(badge.setAppBadge).toHaveBeenCalledWith(3);
    expect(badge.clearAppBadge).not.toHaveBeenCalled();
    showCountOnAppBadge(0);
    expect(badge.clearAppBadge).toHaveBeenCalledOnce();
    expect(badge.setAppBadge).toHaveBeenCalledOnce();
  });

  it("does nothing where the browser has no badge, and shrugs off a refusal", async () => {
    expect(() => showCountOnAppBadge(2)).not.toThrow();
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const badge = withBadging(true);
    showCountOnAppBadge(2);
    expect(badge.setAppBadge).toHaveBeenCalledWith(2);
    await new Promise((settled) => setTimeout(settled, 0));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
