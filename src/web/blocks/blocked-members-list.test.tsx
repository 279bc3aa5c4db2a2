import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { BlockedMember } from "./api/get-blocks.ts";
import { BlockedMembersList } from "./blocked-members-list.tsx";

const pest: BlockedMember = {
  username: "pest",
  img_url: null,
  blocked_at: "2026-03-02T10:00:00.000Z",
};
const troll: BlockedMember = { ...pest, username: "troll" };

/** The list, the server keeping the blocks and answering DELETE /blocks/:username. */
function openList(initial: BlockedMember[]) {
  let blocked = initial;
  const { requests } = renderWithApi(<BlockedMembersList />, (request) => {
    if (request.path === "/blocks") return { status: 200, body: { blocked } };
    const username = request.path.replace("/blocks/", "");
    blocked = blocked.filter((member) => member.username !== username);
    return { status: 200, body: { username, blocked: false } };
  });
  return { changes: () => requests.filter((request) => request.method !== "GET") };
}

describe("the blocked members list", () => {
  it("lists each blocked member with a link to their profile and Unblock", async () => {
    openList([pest, troll]);
    const items = within(await screen.findByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("link").textContent)).toEqual([
      "pest",
      "troll",
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/user/pest");
    const unblock = within(items[0] as HTMLElement).getByRole("button", { name: "Unblock" });
    // Which member each Unblock is about, for a screen reader going through the buttons.
    expect(
      document.getElementById(unblock.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("pest");
  });

  it("unblocks one and shows the list without them, then says nobody is blocked", async () => {
    const { changes } = openList([pest]);
    await userEvent.click(await screen.findByRole("button", { name: "Unblock" }));
    expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
    expect(changes()).toEqual([{ method: "DELETE", path: "/blocks/pest", body: undefined }]);
  });

  it("says so when nobody is blocked", async () => {
    openList([]);
    expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("list")).toBeNull());
  });
});
