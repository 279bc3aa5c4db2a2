import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { TopBar } from "../auth/index.ts";
import { COUNT_REFRESH_MS } from "./api/get-queue-count.ts";
import { ModerationLink } from "./moderation-link.tsx";

afterEach(() => {
  vi.useRealTimers();
});

/** The top bar as routes.tsx draws it, the queue holding `open` items. */
function openTopBar(session: MeResponse, open = 3) {
  let waiting = open;
  const { requests, queryClient } = renderWithApi(
    <TopBar menuLinks={<ModerationLink />} />,
    (request) =>
      request.path === "/me"
        ? { status: 200, body: session }
        : { status: 200, body: { open: waiting } },
  );
  return {
    queryClient,
    countReads: () => requests.filter((request) => request.path === "/moderation/count").length,
    setWaiting: (count: number) => {
      waiting = count;
    },
  };
}

describe("the top bar's Moderation link", () => {
  it("shows moderators how many items wait, and takes them to /moderation", async () => {
    openTopBar(sessionOf("ana", { moderator: true }));
    const link = await screen.findByRole("link", { name: "Moderation (3)" });
    expect(link.getAttribute("href")).toBe("/moderation");
  });

  it("is not there for other members, who never ask for the count", async () => {
    const { countReads, queryClient } = openTopBar(sessionOf("ada"));
    await screen.findByRole("link", { name: "Settings" });
    await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe("success"));
    expect(screen.queryByRole("link", { name: /Moderation/ })).toBeNull();
    expect(countReads()).toBe(0);
  });

  it("counts again when the window comes back into focus, and every minute", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { countReads, setWaiting } = openTopBar(sessionOf("ana", { moderator: true }), 3);
    await screen.findByRole("link", { name: "Moderation (3)" });

    setWaiting(4);
    act(() => {
      window.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await screen.findByRole("link", { name: "Moderation (4)" })).toBeTruthy();

    setWaiting(5);
    const before = countReads();
    act(() => {
      vi.advanceTimersByTime(COUNT_REFRESH_MS);
    });
    expect(await screen.findByRole("link", { name: "Moderation (5)" })).toBeTruthy();
    expect(countReads()).toBe(before + 1);
  });
});
