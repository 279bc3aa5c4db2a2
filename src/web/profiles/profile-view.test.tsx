import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/harness/web/fake-api.ts";
import { profileOf, SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { postsListKey, sessionQueryKey } from "../api/query-keys.ts";
import { reviewPagesQueryKey } from "../reviews/api/review-keys.ts";
import { Notices } from "../ui/notify.tsx";
import { ProfileView } from "./profile-view.tsx";

withModalDialogs();

const BLOCKED_TEXT = "You blocked this member. You won't see their posts, reviews or messages.";
const HIDDEN_TEXT = "Hidden by moderators. Only you and moderators can see it.";

const grace = (changes: Partial<ProfileDetail> = {}): ProfileDetail => ({
  ...profileOf("grace"),
  review_count: 0,
  contact_backed_count: 0,
  average_rating: null,
  responsiveness: null,
  ...changes,
});

/**
 * Grace's profile seen by `session`; the server keeps whether the viewer blocked her, and answers
 * PUT and DELETE /blocks/grace as the contract says.
 */
function openProfile(session: MeResponse, profile: Partial<ProfileDetail> = {}) {
  let blocked = false;
  const { requests, queryClient } = renderWithApi(<ProfileView username="grace" />, (request) => {
    if (request.path === "/me") return { status: 200, body: session };
    if (request.path === "/users/username/grace") {
      return { status: 200, body: { user: grace({ ...profile, ...(blocked && { blocked }) }) } };
    }
    if (request.path.startsWith("/users/username/grace/articles")) {
      return { status: 200, body: { articles: [], nextCursor: null } };
    }
    if (request.path === "/blocks/grace") {
      blocked = request.method === "PUT";
      return { status: 200, body: { username: "grace", blocked } };
    }
    return { status: 404 };
  });
  return {
    queryClient,
    changes: () => requests.filter((request) => request.method !== "GET"),
    sessionKnown: () =>
      waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe("success")),
  };
}

const heading = () => screen.findByRole("heading", { level: 1, name: "Grace's Profile" });
const button = (name: string) => screen.queryByRole("button", { name });

describe("another member's profile", () => {
  it("has Report and Block for a member", async () => {
    const { sessionKnown } = openProfile(sessionOf("ada"));
    await heading();
    await sessionKnown();
    expect(button("Report")).toBeTruthy();
    expect(button("Block")).toBeTruthy();
    expect(screen.queryByText(BLOCKED_TEXT)).toBeNull();
  });

  it.each([
    ["the signed out", SIGNED_OUT_SESSION],
    ["the owner", sessionOf("grace")],
  ])("has neither for %s", async (_, session) => {
    const { sessionKnown } = openProfile(session);
    await heading();
    await sessionKnown();
    expect(button("Report")).toBeNull();
    expect(button("Block")).toBeNull();
  });

  it.each([
    ["a member", sessionOf("ada")],
    ["the signed out, who sign in first", SIGNED_OUT_SESSION],
  ])("has Message for %s, opening the conversation with her", async (_, session) => {
    const { sessionKnown } = openProfile(session);
    await heading();
    await sessionKnown();
    const message = screen.getByRole("link", { name: "Message" });
    expect(message.getAttribute("href")).toBe("/chatapp?with=grace");
  });

  it("has no Message on one's own profile", async () => {
    const { sessionKnown } = openProfile(sessionOf("grace"));
    await heading();
    await sessionKnown();
    expect(screen.queryByRole("link", { name: "Message" })).toBeNull();
  });

  it("blocks after a confirmation, says so with Unblock, and unblocks", async () => {
    const { changes, queryClient } = openProfile(sessionOf("ada"));
    await heading();
    // Reads that depend on the block, cached before it.
    queryClient.setQueryData(postsListKey, { pages: [], pageParams: [] });
    queryClient.setQueryData(reviewPagesQueryKey("bob"), { pages: [], pageParams: [] });

    await userEvent.click(await screen.findByRole("button", { name: "Block" }));
    const confirm = within(screen.getByRole("dialog", { name: "Block @grace?" }));
    expect(changes()).toEqual([]);
    await userEvent.click(confirm.getByRole("button", { name: "Block" }));

    expect(await screen.findByText(BLOCKED_TEXT)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button("Block")).toBeNull();
    expect(queryClient.getQueryState(postsListKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(reviewPagesQueryKey("bob"))?.isInvalidated).toBe(true);

    await userEvent.click(screen.getByRole("button", { name: "Unblock" }));
    await waitFor(() => expect(screen.queryByText(BLOCKED_TEXT)).toBeNull());
    expect(await screen.findByRole("button", { name: "Block" })).toBeTruthy();
    expect(changes()).toEqual([
      { method: "PUT", path: "/blocks/grace", body: undefined },
      { method: "DELETE", path: "/blocks/grace", body: undefined },
    ]);
  });

  it("blocks nothing when the confirmation is cancelled", async () => {
    const { changes } = openProfile(sessionOf("ada"));
    await userEvent.click(await screen.findByRole("button", { name: "Block" }));
    await userEvent.click(
      within(screen.getByRole("dialog", { name: "Block @grace?" })).getByRole("button", {
        name: "Cancel",
      }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(changes()).toEqual([]);
  });

  it("shows a member the viewer blocked earlier as blocked", async () => {
    openProfile(sessionOf("ada"), { blocked: true });
    expect(await screen.findByText(BLOCKED_TEXT)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unblock" })).toBeTruthy();
    expect(button("Block")).toBeNull();
  });
});

describe("a hidden profile", () => {
  it("says so to its owner (and moderators), whom the server still answers", async () => {
    openProfile(sessionOf("grace"), { hidden: true });
    await heading();
    expect(screen.getByText(HIDDEN_TEXT)).toBeTruthy();
  });

  it("says nothing of the kind when it is not hidden", async () => {
    openProfile(sessionOf("grace"));
    await heading();
    expect(screen.queryByText(HIDDEN_TEXT)).toBeNull();
  });
});

describe("blocking refused", () => {
  it("tells why", async () => {
    renderWithApi(
      <>
        <ProfileView username="grace" />
        <Notices />
      </>,
      (request) => {
        if (request.path === "/me") return { status: 200, body: sessionOf("ada") };
        if (request.path === "/users/username/grace") {
          return { status: 200, body: { user: grace() } };
        }
        return apiError(503, "storage-unavailable", "The service is busy. Try again in a moment.");
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Block" }));
    const confirm = within(screen.getByRole("dialog", { name: "Block @grace?" }));
    await userEvent.click(confirm.getByRole("button", { name: "Block" }));
    expect(await screen.findByText("The service is busy. Try again in a moment.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button("Block")).toBeTruthy();
  });
});
