import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  conversationWith,
  directMessage,
  liveSocketSends,
  withIdleWebSockets,
} from "../../../test/harness/web/direct-messages.ts";
import { SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { ConversationSummary } from "../../shared/direct-messages.ts";
import type { MeResponse } from "../../shared/identity.ts";
import { TopBar } from "../auth/index.ts";
import { LiveConversationUpdates } from "./live-conversation-updates.tsx";
import { MessagesLink } from "./messages-link.tsx";

withIdleWebSockets();

/** The top bar as routes.tsx draws it, with `unread` messages waiting. */
function openTopBar(session: MeResponse, unread = 0, conversations: ConversationSummary[] = []) {
  let total = unread;
  const { requests } = renderWithApi(
    <>
      <TopBar memberLinks={<MessagesLink />} />
      <LiveConversationUpdates />
    </>,
    (request) => {
      if (request.path === "/me") return { status: 200, body: session };
      if (request.path === "/conversations") {
        return { status: 200, body: { conversations, nextCursor: null } };
      }
      return { status: 200, body: { total } };
    },
  );
  return {
    setUnread: (count: number) => {
      total = count;
    },
    unreadReads: () => requests.filter((r) => r.path === "/conversations/unread").length,
  };
}

describe("the top bar's Messages link", () => {
  it("says how many messages wait, and takes the member to the inbox when several wait", async () => {
    openTopBar(sessionOf("ada"), 2, [
      conversationWith("bob", { id: 1, unread: 1 }),
      conversationWith("cy", { id: 2, unread: 1 }),
    ]);
    const link = await screen.findByRole("link", { name: "Messages (2)" });
    expect(link.getAttribute("href")).toBe("/messages");
  });

  it("takes the member straight into the one conversation with unread messages", async () => {
    openTopBar(sessionOf("ada"), 2, [
      conversationWith("bob", { id: 1, unread: 2 }),
      conversationWith("cy", { id: 2, unread: 0 }),
    ]);
    const link = await screen.findByRole("link", { name: "Messages (2)" });
    expect(link.getAttribute("href")).toBe("/chatapp?with=bob");
  });

  it("leads to the inbox when nothing waits", async () => {
    openTopBar(sessionOf("ada"), 0);
    const link = await screen.findByRole("link", { name: "Messages" });
    expect(link.getAttribute("href")).toBe("/messages");
  });

  it("counts again live: a new message raises it, reading elsewhere lowers it", async () => {
    const { setUnread } = openTopBar(sessionOf("ada"), 0);
    await screen.findByRole("link", { name: "Messages" });

    setUnread(1);
    act(() => liveSocketSends({ type: "dm", message: directMessage(5, "bob", "Hi") }));
    expect(await screen.findByRole("link", { name: "Messages (1)" })).toBeTruthy();

    setUnread(0);
    act(() => liveSocketSends({ type: "dm-read", conversation_id: 1, last_read_id: 5 }));
    expect(await screen.findByRole("link", { name: "Messages" })).toBeTruthy();
  });

  it("is not there for the signed out, who never ask for a count", async () => {
    const { unreadReads } = openTopBar(SIGNED_OUT_SESSION);
    await screen.findByRole("link", { name: "Login" });
    expect(screen.queryByRole("link", { name: /Messages/ })).toBeNull();
    expect(unreadReads()).toBe(0);
  });
});
