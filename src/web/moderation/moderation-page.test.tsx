import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiRequest } from "../../../test/harness/web/fake-api.ts";
import { SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import type { LogEntry, ModeratedItem, QueueEntry } from "../../shared/moderation.ts";
import { ModerationLink } from "./moderation-link.tsx";
import { ModerationPage } from "./moderation-page.tsx";

withModalDialogs();

const spamPost: QueueEntry = {
  target: { type: "post", id: "42" },
  author: { username: "grace", suspended_until: null },
  title: "Cheap watches",
  text: "Cheap watches: call me any day.",
  path: "/articles/42",
  created_at: "2026-03-01T10:00:00.000Z",
  hidden: false,
  report_count: 2,
  reasons: [
    { reason: "spam", count: 2 },
    { reason: "scam", count: 1 },
  ],
  notes: ["Same post in every town", "Asks for money up front"],
  first_reported_at: "2026-03-01T11:00:00.000Z",
};
const autoHiddenMessage: QueueEntry = {
  ...spamPost,
  target: { type: "message", id: "9" },
  author: { username: "bob", suspended_until: "indefinite" },
  title: null,
  text: "buy now",
  path: "/chatapp",
  hidden: true,
  report_count: 1,
  reasons: [{ reason: "harassment", count: 1 }],
  notes: [],
};
const reportedDirectMessage: QueueEntry = {
  ...spamPost,
  target: { type: "direct-message", id: "5" },
  author: { username: "pest", suspended_until: null },
  title: "Direct message to @ana",
  text: "Answer me or else",
  path: "/chatapp",
  report_count: 1,
  reasons: [{ reason: "harassment", count: 1 }],
  notes: [],
  context: [
    { sender: "pest", text: "Hi, is the bike still for sale?" },
    { sender: "ana", text: "Sold, sorry." },
  ],
};
const hiddenReview: ModeratedItem = {
  target: { type: "review", id: "7" },
  author: { username: "troll", suspended_until: null },
  title: "Awful",
  text: "Never again.",
  path: "/user/grace",
  created_at: "2026-02-01T10:00:00.000Z",
  hidden: true,
};

const logEntry = (id: number, changes: Partial<LogEntry>): LogEntry => ({
  id,
  moderator: "ana",
  action: "hide",
  target: { type: "post", id: "42" },
  subject: "grace",
  reason: "",
  created_at: "2026-03-02T10:00:00.000Z",
  ...changes,
});

type Server = {
  queue: QueueEntry[];
  hidden: ModeratedItem[];
  log: LogEntry[][];
};

/** The server's answer to one of the page's reads, or undefined. */
function readAnswer(state: Server, path: string) {
  if (path === "/moderation/queue") return { status: 200, body: { items: state.queue } };
  if (path === "/moderation/count") return { status: 200, body: { open: state.queue.length } };
  if (path === "/moderation/hidden") return { status: 200, body: { items: state.hidden } };
  if (!path.startsWith("/moderation/log")) return undefined;
  const page = path.includes("before=") ? 1 : 0;
  const entries = state.log[page] ?? [];
  const next = page + 1 < state.log.length ? (entries.at(-1)?.id ?? null) : null;
  return { status: 200, body: { entries, next_before: next } };
}

/** The server's answer to an action on an item or a member (it changes `state`), or undefined. */
function actionAnswer(state: Server, { path, method }: ApiRequest) {
  if (method !== "POST") return undefined;
  const item = path.match(/^\/moderation\/items\/(\w+)\/(\w+)\/(\w+)$/);
  if (item) {
    const [, type, id, action] = item;
    const entry = state.queue.find((e) => e.target.type === type && e.target.id === id);
    state.queue = state.queue.filter((e) => e !== entry);
    state.hidden = state.hidden.filter((e) => !(e.target.type === type && e.target.id === id));
    return { status: 200, body: { item: { ...entry, hidden: action === "hide" } } };
  }
  const member = path.match(/^\/moderation\/members\/(\w+)\/(suspend|lift)$/);
  if (!member) return undefined;
  const [, username, what] = member;
  state.queue = state.queue.filter((e) => e.author.username !== username);
  const until = what === "suspend" ? "2026-03-09T10:00:00.000Z" : null;
  return { status: 200, body: { username, suspended_until: until } };
}

/**
 * /moderation seen by `session`, the server answering from `server`; an action on the queue
 * resolves the item's reports (it leaves the queue), as the contract says.
 */
function openPage(session: MeResponse, server: Partial<Server> = {}) {
  const state: Server = { queue: [], hidden: [], log: [[]], ...server };
  const answer = (request: ApiRequest) =>
    request.path === "/me"
      ? { status: 200, body: session }
      : (readAnswer(state, request.path) ?? actionAnswer(state, request) ?? { status: 404 });
  // With the top bar's link, whose count follows the page's actions.
  const { requests } = renderWithApi(
    <>
      <ModerationLink />
      <ModerationPage />
    </>,
    answer,
    { path: "/moderation" },
  );
  return {
    changes: () => requests.filter((request) => request.method !== "GET"),
    reads: () => requests.filter((request) => request.method === "GET").map((r) => r.path),
  };
}

const moderator = sessionOf("ana", { moderator: true });
const region = (name: string) => screen.findByRole("region", { name });
const entries = async (name: string) => within(await region(name)).findAllByRole("article");
const entryWith = async (name: string, text: string) => {
  const found = (await entries(name)).find((entry) => entry.textContent?.includes(text));
  if (!found) throw new Error(`no entry with ${text} in ${name}`);
  return within(found);
};

describe("the moderation page", () => {
  it("is the not-found page for a member who is not a moderator, asking nothing of the moderation API", async () => {
    const { reads } = openPage(sessionOf("ada"));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Moderation" })).toBeNull();
    expect(reads().filter((path) => path.startsWith("/moderation"))).toEqual([]);
  });

  it("sends the signed out to sign in and back (issue 20), asking nothing of the moderation API", async () => {
    function Address() {
      const { pathname, search } = useLocation();
      return <output aria-label="Address">{`${pathname}${search}`}</output>;
    }
    const { requests } = renderWithApi(
      <Routes>
        <Route path="/moderation" element={<ModerationPage />} />
        <Route path="/login" element={<Address />} />
      </Routes>,
      () => ({ status: 200, body: SIGNED_OUT_SESSION }),
      { path: "/moderation" },
    );
    expect((await screen.findByRole("status", { name: "Address" })).textContent).toBe(
      "/login?next=%2Fmoderation",
    );
    expect(requests.filter(({ path }) => path.startsWith("/moderation"))).toEqual([]);
  });

  it("shows the reports, what is hidden and the log, each saying when empty", async () => {
    openPage(moderator);
    expect(await screen.findByRole("heading", { level: 1, name: "Moderation" })).toBeTruthy();
    expect(await within(await region("Reports")).findByText("No open reports.")).toBeTruthy();
    expect(await within(await region("Hidden")).findByText("Nothing is hidden.")).toBeTruthy();
    expect(await within(await region("Log")).findByText("Nothing done yet.")).toBeTruthy();
  });

  it("shows each reported item in context with its reports", async () => {
    openPage(moderator, { queue: [spamPost, autoHiddenMessage] });
    const post = await entryWith("Reports", "Cheap watches");
    expect(post.getByText("Post")).toBeTruthy();
    expect(post.getByRole("link", { name: "grace" }).getAttribute("href")).toBe("/user/grace");
    expect(post.getByRole("heading", { name: "Cheap watches" })).toBeTruthy();
    expect(post.getByText("Cheap watches: call me any day.")).toBeTruthy();
    expect(post.getByRole("link", { name: "See it in place" }).getAttribute("href")).toBe(
      "/articles/42",
    );
    expect(post.getByText("Reported by 2 members")).toBeTruthy();
    expect(post.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Spam (2)",
      "Scam or fraud (1)",
      "Same post in every town",
      "Asks for money up front",
    ]);
    expect(post.queryByText("Hidden")).toBeNull();
    expect(post.queryByRole("button", { name: "Restore" })).toBeNull();

    const message = await entryWith("Reports", "buy now");
    expect(message.getByText("Chat message")).toBeTruthy();
    expect(message.getByText("Reported by 1 member")).toBeTruthy();
    expect(message.getByText("Hidden")).toBeTruthy();
    expect(message.getByText("Suspended until lifted")).toBeTruthy();
    expect(message.getByRole("button", { name: "Restore" })).toBeTruthy();
    expect(message.queryByRole("button", { name: "Suspend @bob" })).toBeNull();
    expect(message.getByRole("button", { name: "Lift the suspension of @bob" })).toBeTruthy();
  });

  it("shows a reported direct message after the messages that came before it", async () => {
    openPage(moderator, { queue: [reportedDirectMessage] });
    const entry = await entryWith("Reports", "Answer me or else");
    expect(entry.getByRole("heading", { name: "Direct message to @ana" })).toBeTruthy();
    const context = entry.getByRole("list", { name: "Earlier in the conversation" });
    expect(
      within(context)
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual(["pest: Hi, is the bike still for sale?", "ana: Sold, sorry."]);
  });

  it("hides an item with the reason for the log; the queue, count, hidden list and log follow", async () => {
    const { changes, reads } = openPage(moderator, { queue: [spamPost] });
    expect(await screen.findByRole("link", { name: "Moderation (1)" })).toBeTruthy();
    const post = await entryWith("Reports", "Cheap watches");
    await userEvent.type(
      post.getByRole("textbox", { name: "Reason for the log (optional)" }),
      " spam ",
    );
    const before = reads().length;
    await userEvent.click(post.getByRole("button", { name: "Hide" }));
    expect(await within(await region("Reports")).findByText("No open reports.")).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Moderation (0)" })).toBeTruthy();
    expect(changes()).toEqual([
      { method: "POST", path: "/moderation/items/post/42/hide", body: { reason: "spam" } },
    ]);
    await waitFor(() =>
      expect(reads().slice(before)).toEqual(
        expect.arrayContaining(["/moderation/queue", "/moderation/log", "/moderation/hidden"]),
      ),
    );
  });

  it.each([
    ["Dismiss", spamPost, "/moderation/items/post/42/dismiss"],
    ["Restore", autoHiddenMessage, "/moderation/items/message/9/restore"],
    ["Hide", autoHiddenMessage, "/moderation/items/message/9/hide"],
  ])("%s calls its endpoint", async (button, entry, path) => {
    const { changes } = openPage(moderator, { queue: [entry] });
    const shown = await entryWith("Reports", entry.text);
    await userEvent.click(shown.getByRole("button", { name: button }));
    await waitFor(() =>
      expect(changes()).toEqual([{ method: "POST", path, body: { reason: "" } }]),
    );
  });

  it("suspends the author for the chosen time, hiding everything they wrote when asked", async () => {
    const { changes } = openPage(moderator, { queue: [spamPost] });
    const post = await entryWith("Reports", "Cheap watches");
    await userEvent.click(post.getByRole("button", { name: "Suspend @grace" }));
    const dialog = within(screen.getByRole("dialog", { name: "Suspend @grace?" }));
    expect(dialog.getByRole("radio", { name: "For a day" })).toHaveProperty("checked", true);
    expect(dialog.getByRole("radio", { name: "Until lifted" })).toHaveProperty("checked", false);
    await userEvent.click(dialog.getByRole("radio", { name: "For a week" }));
    await userEvent.click(
      dialog.getByRole("checkbox", { name: "Also hide everything they wrote" }),
    );
    expect(changes()).toEqual([]);
    await userEvent.click(dialog.getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(changes()).toEqual([
      {
        method: "POST",
        path: "/moderation/members/grace/suspend",
        body: { duration: "week", hide_content: true, reason: "" },
      },
    ]);
    expect(await within(await region("Reports")).findByText("No open reports.")).toBeTruthy();
  });

  it("suspends nothing when the choice is cancelled, and starts from a day next time", async () => {
    const { changes } = openPage(moderator, { queue: [spamPost] });
    const post = await entryWith("Reports", "Cheap watches");
    await userEvent.click(post.getByRole("button", { name: "Suspend @grace" }));
    let dialog = within(screen.getByRole("dialog", { name: "Suspend @grace?" }));
    await userEvent.click(dialog.getByRole("radio", { name: "Until lifted" }));
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(post.getByRole("button", { name: "Suspend @grace" }));
    dialog = within(screen.getByRole("dialog", { name: "Suspend @grace?" }));
    expect(dialog.getByRole("radio", { name: "For a day" })).toHaveProperty("checked", true);
    expect(changes()).toEqual([]);
  });

  it("offers no Suspend on the moderator's own item", async () => {
    openPage(moderator, {
      queue: [{ ...spamPost, author: { username: "ana", suspended_until: null } }],
    });
    const post = await entryWith("Reports", "Cheap watches");
    expect(post.getByRole("button", { name: "Hide" })).toBeTruthy();
    expect(post.queryByRole("button", { name: /^Suspend/ })).toBeNull();
  });

  it("lifts a suspension", async () => {
    const { changes } = openPage(moderator, { queue: [autoHiddenMessage] });
    const message = await entryWith("Reports", "buy now");
    await userEvent.click(message.getByRole("button", { name: "Lift the suspension of @bob" }));
    await waitFor(() =>
      expect(changes()).toEqual([
        { method: "POST", path: "/moderation/members/bob/lift", body: { reason: "" } },
      ]),
    );
  });

  it("restores a hidden item from the hidden list", async () => {
    const { changes } = openPage(moderator, { hidden: [hiddenReview] });
    const review = await entryWith("Hidden", "Awful");
    expect(review.getByText("Review")).toBeTruthy();
    await userEvent.click(review.getByRole("button", { name: "Restore" }));
    expect(await within(await region("Hidden")).findByText("Nothing is hidden.")).toBeTruthy();
    expect(changes()).toEqual([
      { method: "POST", path: "/moderation/items/review/7/restore", body: { reason: "" } },
    ]);
  });

  it("writes the log in words, the threshold's lines included, and loads older lines", async () => {
    const { reads } = openPage(moderator, {
      log: [
        [
          logEntry(12, { reason: "spam" }),
          logEntry(11, {
            moderator: null,
            action: "auto-hide",
            target: { type: "review", id: "7" },
          }),
          logEntry(10, { action: "suspend", target: { type: "member", id: "grace" } }),
        ],
        [logEntry(9, { action: "dismiss", target: { type: "message", id: "3" } })],
      ],
    });
    const log = within(await region("Log"));
    const lines = async () =>
      (await log.findAllByRole("listitem")).map((line) => line.firstElementChild?.textContent);
    expect(await lines()).toEqual([
      "ana hid post 42 — spam",
      "Reports threshold hid review 7",
      "ana suspended grace",
    ]);
    expect(log.getByRole("link", { name: "post 42" }).getAttribute("href")).toBe("/articles/42");
    await userEvent.click(log.getByRole("button", { name: "Load more" }));
    await waitFor(async () => expect(await lines()).toHaveLength(4));
    expect((await lines())[3]).toBe("ana dismissed the reports on chat message 3");
    expect(reads()).toContain("/moderation/log?before=10");
    expect(log.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
