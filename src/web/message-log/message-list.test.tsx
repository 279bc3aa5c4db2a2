import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi, renderWithApp } from "../../../test/harness/web/render-with-app.tsx";
import type { ChatMessage } from "../../shared/chat.ts";
import { REPORT_RECEIVED_TEXT } from "../../shared/moderation.ts";
import { MessageList } from "./message-list.tsx";

withModalDialogs();
// jsdom lays nothing out and has no scrolling.
Element.prototype.scrollTo ??= () => {};

/** The list of messages already sent (nothing outgoing), as `viewer` sees it. */
const sentList = (
  messages: ChatMessage[],
  viewer: ComponentProps<typeof MessageList>["viewer"],
) => <MessageList messages={messages} outgoing={[]} viewer={viewer} onRetry={() => {}} />;

const message = (id: number, userName: string, text: string): ChatMessage => ({
  id,
  userName,
  userPhotoURL: null,
  text,
  createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});

describe("MessageList", () => {
  it("tells our own messages by username (frames carry no user id)", () => {
    renderWithApp(
      sentList([message(1, "ada", "mine"), message(2, "bob", "theirs")], {
        name: "ada",
        username: "ada",
        photoUrl: null,
      }),
    );
    const item = (text: string) => screen.getByText(text).closest("li");
    expect(item("mine")?.className).toContain("chat-message-own");
    expect(item("theirs")?.className).not.toContain("chat-message-own");
  });

  it("owns nothing for a viewer without a username", () => {
    renderWithApp(
      sentList([message(1, "ada", "a message")], { name: "ada", username: null, photoUrl: null }),
    );
    expect(screen.getByText("a message").closest("li")?.className).not.toContain(
      "chat-message-own",
    );
  });
});

describe("MessageList's moderation parts", () => {
  const ada = { name: "ada", username: "ada", photoUrl: null };
  const item = (text: string) => screen.getByText(text).closest("li") as HTMLElement;

  it("has a small Report on others' messages only, for a member", () => {
    renderWithApp(sentList([message(1, "ada", "mine"), message(2, "bob", "theirs")], ada));
    expect(within(item("mine")).queryByRole("button", { name: "Report" })).toBeNull();
    const report = within(item("theirs")).getByRole("button", { name: "Report" });
    expect(
      document.getElementById(report.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("theirs");
  });

  it.each([
    ["the signed out", null],
    ["an account without a profile", { name: "ada", username: null, photoUrl: null }],
  ])("has no Report for %s", (_, viewer) => {
    renderWithApp(sentList([message(2, "bob", "theirs")], viewer));
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
  });

  it("reports the message through the room's one dialog", async () => {
    const { requests } = renderWithApi(
      sentList([message(7, "bob", "first"), message(8, "bob", "second")], ada),
      (request) =>
        request.path === "/me"
          ? { status: 200, body: sessionOf("ada") }
          : {
              status: 201,
              body: { report: { id: 1, status: "open" }, message: REPORT_RECEIVED_TEXT },
            },
    );
    expect(screen.getAllByRole("dialog", { hidden: true })).toHaveLength(1);
    await userEvent.click(within(item("second")).getByRole("button", { name: "Report" }));
    const dialog = within(screen.getByRole("dialog", { name: "Report" }));
    await userEvent.click(await dialog.findByRole("radio", { name: "Harassment" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.filter((request) => request.path === "/reports")).toEqual([
      {
        method: "POST",
        path: "/reports",
        body: { target: { type: "message", id: "8" }, reason: "harassment", note: "" },
      },
    ]);
  });

  it("says a message moderators hid is hidden, to its author", () => {
    renderWithApp(
      sentList([{ ...message(1, "ada", "mine"), hidden: true }, message(2, "bob", "theirs")], ada),
    );
    const notice = "Hidden by moderators. Only you and moderators can see it.";
    expect(within(item("mine")).getByText(notice)).toBeTruthy();
    expect(within(item("theirs")).queryByText(notice)).toBeNull();
  });
});
