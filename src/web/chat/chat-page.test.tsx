import { act, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Link, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import {
  conversationWith,
  directMessage,
  IdleWebSocket,
  withIdleWebSockets,
} from "../../../test/harness/web/direct-messages.ts";
import { SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import { LiveConnection } from "../live/index.ts";
import { LiveConversationUpdates } from "../messages/index.ts";
import { ChatPage } from "./chat-page.tsx";

// jsdom lays nothing out and has no scrolling.
Element.prototype.scrollTo ??= () => {};

withIdleWebSockets();

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** /chatapp at `path` as the app shows it (the shell's live connection beside it), for `session`. */
function openChat(session: MeResponse, path: string) {
  return renderWithApi(
    <>
      <Routes>
        <Route path="/chatapp" element={<ChatPage />} />
        <Route path="/feed" element={<p>The feed</p>} />
        <Route path="/messages" element={<p>The inbox</p>} />
        <Route path="*" element={null} />
      </Routes>
      <Link to="/feed">Feed</Link>
      <LiveConnection />
      <LiveConversationUpdates />
      <WhereAmI />
    </>,
    (request) => {
      if (request.path === "/me") return { status: 200, body: session };
      if (request.path === "/conversations") {
        return {
          status: 200,
          body: {
            conversations: [
              conversationWith("bob", { last_message: directMessage(1, "bob", "Hi Ada") }),
            ],
          },
        };
      }
      if (request.path === "/conversations/with/bob") {
        return {
          status: 200,
          body: {
            conversation: conversationWith("bob", { last_read_id: 1 }),
            messages: [directMessage(1, "bob", "Hi Ada")],
            next_before: null,
          },
        };
      }
      return { status: 200, body: { total: 0 } };
    },
    { path },
  );
}

const roomSockets = () => IdleWebSocket.open().filter((s) => !s.url.includes("room=0"));
const liveSockets = () => IdleWebSocket.open().filter((s) => s.url.includes("room=0"));

describe("/chatapp for a member", () => {
  it("opens the conversation ?with= names instead of the room, beside the list", async () => {
    openChat(sessionOf("ada"), "/chatapp?with=bob");
    const pane = await screen.findByRole("region", { name: "Conversation with bob" });
    // The list's last message, and the log.
    await waitFor(() => expect(screen.getAllByText("Hi Ada")).toHaveLength(2));
    expect(pane.contains(screen.getByRole("textbox", { name: "Message" }))).toBe(true);
    expect(screen.queryByRole("log", { name: "Chat messages" })).toBeNull();
    expect(screen.getByRole("region", { name: "Conversations" })).toBeTruthy();
  });

  it("leads back to the inbox from a conversation (issue 34)", async () => {
    openChat(sessionOf("ada"), "/chatapp?with=bob");
    await screen.findByRole("region", { name: "Conversation with bob" });
    await userEvent.click(screen.getByRole("link", { name: "Back to messages" }));
    expect(screen.getByTestId("location").textContent).toBe("/messages");
  });

  it("shows the room alone without ?with=: no list, no tabs (the inbox is behind Messages)", async () => {
    openChat(sessionOf("ada"), "/chatapp");
    expect(await screen.findByRole("log", { name: "Chat messages" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Chat" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Conversations" })).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("keeps one socket in the tab: the room's on /chatapp, the page's own elsewhere", async () => {
    openChat(sessionOf("ada"), "/chatapp?with=bob");
    await screen.findByRole("region", { name: "Conversation with bob" });
    await waitFor(() => expect(roomSockets()).toHaveLength(1));
    expect(liveSockets()).toHaveLength(0);

    await userEvent.click(screen.getByRole("link", { name: "Feed" }));
    await screen.findByText("The feed");
    await waitFor(() => expect(liveSockets()).toHaveLength(1));
    expect(roomSockets()).toHaveLength(0);
  });

  it("hears direct messages on the room's socket", async () => {
    openChat(sessionOf("ada"), "/chatapp?with=bob");
    await screen.findByRole("region", { name: "Conversation with bob" });
    await waitFor(() => expect(roomSockets()).toHaveLength(1));
    act(() =>
      roomSockets()[0]?.serverSends({
        type: "dm",
        message: directMessage(2, "bob", "Are you there?"),
      }),
    );
    expect(await screen.findByText("Are you there?")).toBeTruthy();
  });
});

describe("/chatapp?with= signed out", () => {
  it("sends the visitor to sign in, to come back to the same address", async () => {
    openChat(SIGNED_OUT_SESSION, "/chatapp?with=bob");
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        `/login?next=${encodeURIComponent("/chatapp?with=bob")}`,
      ),
    );
  });

  it("shows the public room without ?with=", async () => {
    openChat(SIGNED_OUT_SESSION, "/chatapp");
    expect(await screen.findByRole("log", { name: "Chat messages" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Conversations" })).toBeNull();
    expect(liveSockets()).toHaveLength(0);
  });
});
