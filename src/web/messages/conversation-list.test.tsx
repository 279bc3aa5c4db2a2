import { screen, within } from "@testing-library/react";
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
      body: { conversations: [] },
    }));
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Requests" })).toBeNull();
  });
});
