import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { conversationWith, directMessage } from "../../../test/harness/web/direct-messages.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { ConversationList } from "./conversation-list.tsx";

function openList(current: string | null = null) {
  renderWithApi(<ConversationList me="ada" current={current} />, () => ({
    status: 200,
    body: {
      conversations: [
        conversationWith("bob", {
          id: 2,
          status: "request",
          unread: 2,
          last_message: directMessage(9, "bob", "Are Saturdays free?", 2),
        }),
        conversationWith("cleo", {
          id: 1,
          last_message: directMessage(8, "ada", "See you then", 1),
        }),
      ],
      nextCursor: null,
    },
  }));
}

describe("the conversations list", () => {
  it("puts requests first, each entry with the name, the last message, its time and the unread count", async () => {
    openList();
    const list = await screen.findByRole("region", { name: "Conversations" });
    const requests = await within(list).findByRole("region", { name: "Requests" });
    const bob = within(requests).getByRole("link", { name: /bob/ });
    expect(bob.getAttribute("href")).toBe("/chatapp?with=bob");
    expect(bob.textContent).toContain("Are Saturdays free?");
    expect(bob.textContent).toContain("2 unread");
    expect(bob.querySelector("time")?.getAttribute("dateTime")).toBe(
      directMessage(9, "bob", "").created_at,
    );
    expect(within(requests).queryByRole("link", { name: /cleo/ })).toBeNull();

    const recent = within(list).getByRole("region", { name: "Recent" });
    const cleo = within(recent).getByRole("link", { name: /cleo/ });
    expect(cleo.getAttribute("href")).toBe("/chatapp?with=cleo");
    expect(cleo.textContent).toContain("You: See you then");
    expect(cleo.textContent).not.toContain("unread");
  });

  it("marks the open conversation", async () => {
    openList("cleo");
    const cleo = await screen.findByRole("link", { name: /cleo/ });
    expect(cleo.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: /bob/ }).getAttribute("aria-current")).toBeNull();
  });

  it("says when there is none yet", async () => {
    renderWithApi(<ConversationList me="ada" current={null} />, () => ({
      status: 200,
      body: { conversations: [], nextCursor: null },
    }));
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Requests" })).toBeNull();
  });

  it("loads older conversations on 'Load more' from the answer's cursor, a request among them joining Requests", async () => {
    const { requests } = renderWithApi(<ConversationList me="ada" current={null} />, (request) =>
      request.path === "/conversations"
        ? {
            status: 200,
            body: {
              conversations: [
                conversationWith("cleo", { id: 3, last_message: directMessage(9, "cleo", "Hi") }),
              ],
              nextCursor: "after cleo",
            },
          }
        : {
            status: 200,
            body: {
              conversations: [
                // Listed again (it moved meanwhile): shown once.
                conversationWith("cleo", { id: 3, last_message: directMessage(9, "cleo", "Hi") }),
                conversationWith("dan", {
                  id: 2,
                  status: "request",
                  last_message: directMessage(5, "dan", "Got a ladder?"),
                }),
              ],
              nextCursor: null,
            },
          },
    );
    await screen.findByRole("link", { name: /cleo/ });
    expect(screen.queryByRole("link", { name: /dan/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    const requestsSection = await screen.findByRole("region", { name: "Requests" });
    expect(within(requestsSection).getByRole("link", { name: /dan/ })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /cleo/ })).toHaveLength(1);
    expect(requests.map((r) => r.path)).toEqual([
      "/conversations",
      `/conversations?cursor=${encodeURIComponent("after cleo")}`,
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says so when older conversations could not be loaded, and keeps the button", async () => {
    renderWithApi(<ConversationList me="ada" current={null} />, (request) =>
      request.path === "/conversations"
        ? {
            status: 200,
            body: {
              conversations: [
                conversationWith("cleo", { last_message: directMessage(9, "cleo", "Hi") }),
              ],
              nextCursor: "after cleo",
            },
          }
        : { status: 500, body: { error: { code: "internal", message: "Something went wrong." } } },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Older conversations could not be loaded",
    );
    expect(screen.getByRole("link", { name: /cleo/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
  });
});
