import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiHandler, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { pasteInto } from "../../../test/harness/web/form-checks.ts";
import { SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import { REPORT_REASON_LABELS, REPORT_RECEIVED_TEXT } from "../../shared/moderation.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { Notices } from "../ui/notify.tsx";
import { ReportButton } from "./report-button.tsx";

withModalDialogs();

const received = {
  status: 201,
  body: { report: { id: 1, status: "open" }, message: REPORT_RECEIVED_TEXT },
};

/** A post by grace with its Report button, the viewer signed in as `session`. */
function openPost(session: MeResponse, answer: ApiHandler = () => received) {
  const { requests, queryClient } = renderWithApi(
    <>
      <h1 id="post-title">Cheap watches</h1>
      <ReportButton target={{ type: "post", id: "42" }} author="grace" describedBy="post-title" />
      <Notices />
    </>,
    (request) => (request.path === "/me" ? { status: 200, body: session } : answer(request)),
  );
  return {
    reports: () => requests.filter((request) => request.path === "/reports"),
    sessionKnown: () =>
      waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe("success")),
  };
}

const reportButton = () => screen.findByRole("button", { name: "Report" });
const dialog = () => screen.getByRole("dialog", { name: "Report" });

/** Opens the dialog and waits for its form (loaded when first asked for). */
async function openDialog() {
  await userEvent.click(await reportButton());
  const shown = within(dialog());
  await shown.findByRole("group", { name: "Reason" });
  return {
    reason: (label: string) => shown.getByRole("radio", { name: label }),
    note: shown.getByRole("textbox", { name: "Note (optional)" }),
    send: shown.getByRole("button", { name: "Send report" }),
    cancel: shown.getByRole("button", { name: "Cancel" }),
  };
}

describe("the Report button", () => {
  it("is there for a member on someone else's item, named and described by the item", async () => {
    openPost(sessionOf("ada"));
    const button = await reportButton();
    expect(button.getAttribute("aria-describedby")).toBe("post-title");
  });

  it.each([
    ["the signed out", SIGNED_OUT_SESSION],
    ["an account without a profile", sessionOf(null)],
    ["the item's author", sessionOf("grace")],
  ])("is not there for %s", async (_, session) => {
    const { sessionKnown } = openPost(session);
    await sessionKnown();
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
  });

  it("offers every reason, sends the chosen one with the trimmed note, then thanks and closes", async () => {
    const { reports } = openPost(sessionOf("ada"));
    const form = await openDialog();
    for (const label of Object.values(REPORT_REASON_LABELS)) {
      expect(form.reason(label)).toHaveProperty("checked", false);
    }
    await userEvent.click(form.reason("Scam or fraud"));
    await userEvent.type(form.note, "  Asks for bank details  ");
    await userEvent.click(form.send);
    expect(await screen.findByText(REPORT_RECEIVED_TEXT)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    // Reported once: the button says so and cannot report again.
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
    expect(screen.getByRole("button", { name: "Reported" })).toHaveProperty("disabled", true);
    expect(reports()).toEqual([
      {
        method: "POST",
        path: "/reports",
        body: {
          target: { type: "post", id: "42" },
          reason: "scam",
          note: "Asks for bank details",
        },
      },
    ]);
  });

  it("asks for a reason before sending anything", async () => {
    const { reports } = openPost(sessionOf("ada"));
    const form = await openDialog();
    await userEvent.click(form.send);
    expect(await within(dialog()).findByText("Choose a reason")).toBeTruthy();
    expect(reports()).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const already = "You have already reported this; moderators will look at it.";
    openPost(sessionOf("ada"), () => apiError(409, "already-reported", already));
    const form = await openDialog();
    await userEvent.click(form.reason("Spam"));
    await userEvent.type(form.note, "Every town");
    await userEvent.click(form.send);
    expect(await within(dialog()).findByText(already)).toBeTruthy();
    expect(form.reason("Spam")).toHaveProperty("checked", true);
    expect(form.note).toHaveProperty("value", "Every town");
    // Still open: the member can change the note, or cancel.
    expect(dialog().hasAttribute("open")).toBe(true);
  });

  it("says when there were too many reports, in the server's words", async () => {
    const tooMany = "You have sent too many reports. Try again in 40 minutes.";
    openPost(sessionOf("ada"), () => apiError(429, "too-many-requests", tooMany));
    const form = await openDialog();
    await userEvent.click(form.reason("Other"));
    await userEvent.click(form.send);
    expect(await within(dialog()).findByText(tooMany)).toBeTruthy();
  });

  it("keeps the note within its limit", async () => {
    const { reports } = openPost(sessionOf("ada"));
    const form = await openDialog();
    await userEvent.click(form.reason("Other"));
    // Pasted past the input's maxLength, as a script could: the shared schema still says no.
    form.note.removeAttribute("maxlength");
    await pasteInto(form.note, "x".repeat(501));
    await userEvent.click(form.send);
    expect(
      await within(dialog()).findByText("The note must be at most 500 characters"),
    ).toBeTruthy();
    expect(reports()).toEqual([]);
  });

  it("waits while sending, and Cancel closes without sending", async () => {
    const answer = later(received);
    const { reports } = openPost(sessionOf("ada"), () => answer.reply);
    const first = await openDialog();
    await userEvent.click(first.reason("Spam"));
    await userEvent.click(first.cancel);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(reports()).toHaveLength(0);

    const form = await openDialog();
    expect(form.reason("Spam")).toHaveProperty("checked", false);
    await userEvent.click(form.reason("Harassment"));
    await userEvent.click(form.send);
    expect(form.send).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reports()).toHaveLength(1);
  });
});
