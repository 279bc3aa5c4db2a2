import { cleanup, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { profileDetailOf, sessionOf } from "../../../test/harness/web/members.ts";
import { areaOf, CAMBRIDGE } from "../../../test/harness/web/places.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import type { Post } from "../../shared/posts.ts";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { Notices } from "../ui/notify.tsx";
import { PostView } from "./post-view.tsx";

const HIDDEN_TEXT = "Hidden by moderators. Only you and moderators can see it.";

const post: Post = {
  id: 42,
  title: "Cheap watches",
  topic: "Repairs",
  body: "Call me any day.",
  username: "grace",
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2099-01-01T00:00:00.000Z",
  type: "offering",
  area: null,
};

/** The author's profile page answer: how they answer messages (issue 32), and nothing else. */
const author = (responsiveness: ProfileDetail["responsiveness"] = null) => ({
  user: profileDetailOf("grace", { responsiveness }),
});

function openPost(shown: Post, session: MeResponse, authorPage = author()) {
  const { queryClient } = renderWithApi(<PostView post={shown} />, (request) => ({
    status: 200,
    body: request.path === "/users/username/grace" ? authorPage : session,
  }));
  return waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe("success"));
}

describe("an expired post's page", () => {
  const expired: Post = { ...post, expires_at: "2026-02-01T12:00:00.000Z", expired: true };
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(
    new Date(expired.expires_at),
  );

  it("says when it expired, with no Renew for a reader", async () => {
    await openPost(expired, sessionOf("ada"));
    expect(screen.getByRole("note").textContent).toContain(`This post expired on ${when}.`);
    expect(screen.queryByRole("button", { name: "Renew for 60 days" })).toBeNull();
  });

  it("offers its author Renew for 60 days, which asks the server to renew it", async () => {
    const renewed = { ...post, expires_at: "2026-04-02T12:00:00.000Z" };
    const page = (
      <>
        <PostView post={expired} />
        <Notices />
      </>
    );
    const { requests } = renderWithApi(page, (request) =>
      request.method === "POST"
        ? { status: 200, body: { article: renewed } }
        : { status: 200, body: sessionOf("grace") },
    );
    const renew = await screen.findByRole("button", { name: "Renew for 60 days" });
    await userEvent.click(renew);
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
        "/articles/42/renew",
      ]),
    );
    expect(await screen.findByText("Your post is back in the feed for 60 days.")).toBeTruthy();
  });

  it("tells the author until when a running post shows, and readers nothing of expiry", async () => {
    await openPost(post, sessionOf("grace"));
    expect(screen.queryByText(/expired on/)).toBeNull();
    const until = new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(
      new Date(post.expires_at),
    );
    expect(screen.getByText(/^In the feed and search until/).textContent).toBe(
      `In the feed and search until ${until}. We ask you 3 days before.`,
    );
    cleanup();
    await openPost(post, sessionOf("ada"));
    expect(screen.queryByText(/In the feed and search until/)).toBeNull();
  });
});

describe("the post page's view", () => {
  it("says on the author line how the author answers messages, when there is something to say", async () => {
    await openPost(post, sessionOf("ada"), author({ reply_time: "day", replies_to_most: true }));
    expect(
      await screen.findByText("Usually replies within a day · Replies to most messages"),
    ).toBeTruthy();
    cleanup();
    await openPost(post, sessionOf("ada"));
    expect(screen.queryByText(/Usually replies|Replies to most/)).toBeNull();
  });

  it("shows the post's type, and its town when it has one", async () => {
    await openPost({ ...post, type: "looking-for", area: areaOf(CAMBRIDGE) }, sessionOf("ada"));
    expect(screen.getByText("Looking for")).toBeTruthy();
    expect(screen.getByText("Repairs")).toBeTruthy();
    expect(screen.getByText(/Cambridge, GB/)).toBeTruthy();
  });

  it("shows Offering and no town for a post without either said", async () => {
    await openPost(post, sessionOf("ada"));
    expect(screen.getByText("Offering")).toBeTruthy();
    expect(screen.queryByText(/Area:/)).toBeNull();
  });

  it("has Report for another member, described by the post's title", async () => {
    await openPost(post, sessionOf("ada"));
    const report = screen.getByRole("button", { name: "Report" });
    expect(
      document.getElementById(report.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("Cheap watches");
    expect(screen.queryByText(HIDDEN_TEXT)).toBeNull();
  });

  it("says a hidden post is hidden, to its author, who has no Report", async () => {
    await openPost({ ...post, hidden: true }, sessionOf("grace"));
    expect(screen.getByText(HIDDEN_TEXT)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Cheap watches" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
  });

  it("has 'Chat to' the author, opening the conversation with them, except on one's own post", async () => {
    await openPost(post, sessionOf("ada"));
    // The post's id goes along: the conversation's origin if this starts one (issue 34).
    expect(screen.getByRole("link", { name: "Chat to grace" }).getAttribute("href")).toBe(
      `/chatapp?with=grace&post=${post.id}`,
    );
  });

  it("has no 'Chat to' on one's own post", async () => {
    await openPost(post, sessionOf("grace"));
    expect(screen.getByRole("heading", { level: 1, name: "Cheap watches" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Chat to/ })).toBeNull();
  });

  it("shows a filled post with its badge and without 'Chat to'", async () => {
    await openPost({ ...post, filled_at: "2026-01-02T00:00:00.000Z" }, sessionOf("ada"));
    expect(screen.getByText("Filled")).toBeTruthy();
    expect(screen.getByText("grace marked this post as filled.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Chat to/ })).toBeNull();
  });

  it("says 'edited' next to the date of an edited post", async () => {
    await openPost(post, sessionOf("ada"));
    expect(screen.queryByText("edited")).toBeNull();
    await openPost({ ...post, edited_at: "2026-01-03T00:00:00.000Z" }, sessionOf("ada"));
    expect(screen.getByText("edited").getAttribute("datetime")).toBe("2026-01-03T00:00:00.000Z");
  });

  it("gives its author Edit, Mark as filled (Reopen once filled) and Delete; others none", async () => {
    await openPost(post, sessionOf("grace"));
    expect(await screen.findByRole("button", { name: "Edit" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark as filled" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete" })).toBeTruthy();
    cleanup();
    await openPost({ ...post, filled_at: "2026-01-02T00:00:00.000Z" }, sessionOf("grace"));
    expect(await screen.findByRole("button", { name: "Reopen" })).toBeTruthy();
    cleanup();
    await openPost(post, sessionOf("ada"));
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("button", { name: /filled/ })).toBeNull();
  });
});
