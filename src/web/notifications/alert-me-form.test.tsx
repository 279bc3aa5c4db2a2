import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import { AlertMeForm } from "./alert-me-form.tsx";

const search = { q: "plumber", type: "offering" as const, within: 10 };

/** The form under a search, the server answering /me with `session` and saving what it is sent. */
function openForm(session: MeResponse) {
  const { requests } = renderWithApi(<AlertMeForm search={search} />, (request) =>
    request.path === "/me"
      ? { status: 200, body: session }
      : { status: 201, body: { saved_search: { id: 1 } } },
  );
  return { saves: () => requests.filter((request) => request.method === "POST") };
}

describe("Alert me", () => {
  it("saves the search's words and filters with the delivery the member chose", async () => {
    const { saves } = openForm(sessionOf("ada"));
    await screen.findByRole("form", { name: "Alert me about new posts" });
    await userEvent.selectOptions(
      screen.getByLabelText("Tell me about new matching posts"),
      "In a daily mail",
    );
    await userEvent.click(screen.getByRole("button", { name: "Alert me" }));
    await waitFor(() =>
      expect(saves()).toEqual([
        { method: "POST", path: "/saved-searches", body: { ...search, delivery: "daily" } },
      ]),
    );
  });

  it("is not there for a visitor", async () => {
    const { saves } = openForm(SIGNED_OUT_SESSION);
    await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
    expect(saves()).toEqual([]);
  });
});
