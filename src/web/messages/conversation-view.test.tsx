import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import {
  conversationWith,
  directMessage,
  liveSocketSends,
  withIdleWebSockets,
} from "../../../test/harness/web/direct-messages.ts";
import {
  type ApiAnswer,
  type ApiRequest,
  apiError,
  later,
} from "../../../test/harness/web/fake-api.ts";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { DirectMessage } from "../../shared/direct-message.ts";
import type { ConversationSummary } from "../../shared/direct-messages.ts";
import { ConversationView } from "./conversation-view.tsx";
import { LiveConversationUpdates } from "./live-conversation-updates.tsx";

withIdleWebSockets();

withModalDialogs();
// jsdom lays nothing out and has no scrolling.
Element.prototype.scrollTo ??= () => {};

const ME = { username: "ada", photoUrl: null };

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

type Server = {
  conversation?: ConversationSummary | null;
  messages?: DirectMessage[];
  /** Messages before the first page, served for `?before=`. */
  older?: DirectMessage[];
  send?: (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>;
};

/** What the fake server answers the same whatever the conversation. */
const FIXED_ANSWERS: Record<string, () => ApiAnswer> = {
  "/me": () => ({ status: 200, body: sessionOf("ada") }),
  "/reports": () => ({
    status: 201,
    body: { report: { id: 1, status: "open" }, message: "Thanks, moderators will look at it." },
  }),
};

/** Ada's conversation with Bob on /chatapp?with=bob, the server answering as the contract says. */
function openConversation({
  conversation = conversationWith("bob"),
  messages = [],
  older = [],
  send,
}: Server = {}) {
  const { requests } = renderWithApi(
    <Routes>
      <Route path="/messages" element={<WhereAmI />} />
      <Route
        path="/chatapp"
        element={
          <>
            <ConversationView username="bob" me={ME} />
            <LiveConversationUpdates />
            <WhereAmI />
          </>
        }
      />
    </Routes>,
    async (request) => {
      const fixed = FIXED_ANSWERS[request.path];
      if (fixed) return fixed();
      if (request.path === "/conversations/with/bob") {
        return {
          status: 200,
          body: {
            conversation,
            messages,
            next_before: older.length ? (messages[0]?.id ?? null) : null,
          },
        };
      }
      if (request.path.startsWith("/conversations/with/bob?before=")) {
        return { status: 200, body: { conversation, messages: older, next_before: null } };
      }
      if (request.path === "/conversations/with/bob/messages" && send) return send(request);
      if (request.method === "POST") return { status: 204 };
      return { status: 200, body: { conversations: [], total: 0 } };
    },
    { path: "/chatapp?with=bob" },
  );
  const posts = (path: string) =>
    requests.filter((r) => r.method === "POST" && r.path === `/conversations/with/bob${path}`);
  return { requests, posts };
}

const region = () => screen.findByRole("region", { name: "Conversation with bob" });
const log = () => screen.getByRole("log", { name: "Messages with bob" });
const item = (text: string) =>
  within(log())
    .getAllByRole("listitem")
    .find((li) => li.textContent?.includes(text));

async function write(text: string) {
  const pane = within(await region());
  await userEvent.type(await pane.findByRole("textbox", { name: "Message" }), text);
  await userEvent.click(pane.getByRole("button", { name: "Send" }));
}

/** The send endpoint storing each message as the next id. */
function storing(startId = 10) {
  let next = startId;
  return (request: ApiRequest): ApiAnswer => {
    const body = request.body as { text: string };
    return { status: 201, body: { message: directMessage(next++, "ada", body.text) } };
  };
}

/** Bob's request (he wrote first, the viewer has not answered), open and shown. */
async function openRequestFromBob() {
  const opened = openConversation({
    conversation: conversationWith("bob", { status: "request" }),
    messages: [directMessage(1, "bob", "Hi, stranger")],
  });
  await screen.findByText("Hi, stranger");
  return opened;
}

describe("a conversation", () => {
  it("shows the messages, ours on the right, with Report on theirs only", async () => {
    openConversation({
      messages: [directMessage(1, "bob", "Are Saturdays free?"), directMessage(2, "ada", "Yes.")],
    });
    await screen.findByText("Are Saturdays free?");
    expect(item("Yes.")?.className).toContain("chat-message-own");
    expect(item("Are Saturdays free?")?.className).not.toContain("chat-message-own");
    expect(
      within(item("Are Saturdays free?") as HTMLElement).getByRole("button", { name: "Report" }),
    ).toBeTruthy();
    expect(
      within(item("Yes.") as HTMLElement).queryByRole("button", { name: "Report" }),
    ).toBeNull();
    expect(screen.getByRole("link", { name: "Back to messages" }).getAttribute("href")).toBe(
      "/messages",
    );
  });

  it("reports their message as a direct message", async () => {
    const { requests } = openConversation({ messages: [directMessage(7, "bob", "Buy gold")] });
    await screen.findByText("Buy gold");
    await userEvent.click(screen.getByRole("button", { name: "Report" }));
    await userEvent.click(await screen.findByRole("radio", { name: "Spam" }));
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/reports")?.body).toMatchObject({
        target: { type: "direct-message", id: "7" },
      }),
    );
    // Sent: the dialog closes (the notice is the layout's, not rendered here).
    await waitFor(() => expect(screen.queryByRole("radio", { name: "Spam" })).toBeNull());
  });

  it("is read when opened, up to the newest message, and again as messages come in", async () => {
    const { posts } = openConversation({
      conversation: conversationWith("bob", { unread: 2, last_read_id: 1 }),
      messages: [directMessage(2, "bob", "Hello"), directMessage(3, "bob", "Anyone?")],
    });
    await screen.findByText("Anyone?");
    await waitFor(() => expect(posts("/read").map((r) => r.body)).toEqual([{ last_read_id: 3 }]));

    act(() => liveSocketSends({ type: "dm", message: directMessage(4, "bob", "Still there?") }));
    expect(await screen.findByText("Still there?")).toBeTruthy();
    await waitFor(() =>
      expect(posts("/read").map((r) => r.body)).toEqual([{ last_read_id: 3 }, { last_read_id: 4 }]),
    );
  });

  it("does not mark read what is read already", async () => {
    const { requests } = openConversation({
      conversation: conversationWith("bob", { last_read_id: 3 }),
      messages: [directMessage(3, "bob", "Read it")],
    });
    await screen.findByText("Read it");
    await waitFor(() =>
      expect(requests.some((r) => r.path === "/conversations/with/bob")).toBe(true),
    );
    expect(requests.filter((r) => r.path.endsWith("/read"))).toEqual([]);
  });

  it("shows a message as sending until the server stores it", async () => {
    const answer = later({ status: 201, body: { message: directMessage(5, "ada", "On my way") } });
    const { posts } = openConversation({ send: () => answer.reply });
    await write("On my way");
    expect(item("On my way")?.textContent).toContain("Sending…");
    answer.send();
    await waitFor(() => expect(item("On my way")?.textContent).not.toContain("Sending…"));
    expect(item("On my way")?.className).toContain("chat-message-own");
    expect(posts("/messages")).toHaveLength(1);
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveProperty("value", "");
  });

  it("shows a failed message with the server's reason and Retry, which sends the same message again", async () => {
    let attempts = 0;
    const store = storing(6);
    const { posts } = openConversation({
      send: (request) =>
        ++attempts === 1 ? apiError(503, "storage-unavailable", "Try again soon.") : store(request),
    });
    await write("Hello Bob");
    const failed = await screen.findByText("Try again soon.");
    expect(item("Hello Bob")?.textContent).toContain("Not sent");
    await userEvent.click(
      within(failed.closest("li") as HTMLElement).getByRole("button", { name: "Retry" }),
    );
    await waitFor(() => expect(item("Hello Bob")?.textContent).not.toContain("Not sent"));
    const [first, second] = posts("/messages").map((r) => r.body as { clientId: string });
    expect(second?.clientId).toBe(first?.clientId);
  });

  it("shows the limit's text when the server refuses with 429", async () => {
    openConversation({
      send: () => apiError(429, "too-many-requests", "You are sending messages too fast."),
    });
    await write("One more");
    expect(await screen.findByText("You are sending messages too fast.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("loads older messages above", async () => {
    const { requests } = openConversation({
      messages: [directMessage(51, "bob", "Newest page")],
      older: [directMessage(1, "bob", "From long ago")],
    });
    await screen.findByText("Newest page");
    expect(screen.queryByText("From long ago")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Load older messages" }));
    expect(await screen.findByText("From long ago")).toBeTruthy();
    expect(requests.some((r) => r.path === "/conversations/with/bob?before=51")).toBe(true);
    const texts = within(log())
      .getAllByRole("listitem")
      .map((li) => li.querySelector(".chat-text")?.textContent);
    expect(texts).toEqual(["From long ago", "Newest page"]);
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });

  it("offers Accept and Decline for a request; Accept accepts", async () => {
    const { posts } = await openRequestFromBob();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(posts("/accept")).toHaveLength(1));
    expect(posts("/decline")).toHaveLength(0);
  });

  it("declines a request and goes back to the inbox", async () => {
    const { posts } = await openRequestFromBob();
    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/messages"));
    expect(posts("/decline")).toHaveLength(1);
  });

  it("has no Accept or Decline in an open conversation", async () => {
    openConversation({ messages: [directMessage(1, "bob", "Hi again")] });
    await screen.findByText("Hi again");
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("starts empty before the first message", async () => {
    openConversation({ conversation: null });
    const pane = within(await region());
    expect(await pane.findByText("No messages yet. Say hello!")).toBeTruthy();
  });
});
