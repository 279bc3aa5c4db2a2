import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/chat.ts";
import { MessageList } from "./message-list.tsx";

afterEach(cleanup);
// jsdom lays nothing out and has no scrolling.
Element.prototype.scrollTo ??= () => {};

const message = (id: number, userName: string, text: string): ChatMessage => ({
  id,
  userName,
  userPhotoURL: null,
  text,
  createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});

describe("MessageList", () => {
  it("tells our own messages by username (frames carry no user id)", () => {
    render(
      <MessageList
        messages={[message(1, "ada", "mine"), message(2, "bob", "theirs")]}
        outgoing={[]}
        viewer={{ name: "ada", username: "ada", photoUrl: null }}
        onRetry={() => {}}
      />,
    );
    const item = (text: string) => screen.getByText(text).closest("li");
    expect(item("mine")?.className).toContain("chat-message-own");
    expect(item("theirs")?.className).not.toContain("chat-message-own");
  });

  it("owns nothing for a viewer without a username", () => {
    render(
      <MessageList
        messages={[message(1, "ada", "a message")]}
        outgoing={[]}
        viewer={{ name: "ada", username: null, photoUrl: null }}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText("a message").closest("li")?.className).not.toContain(
      "chat-message-own",
    );
  });
});
