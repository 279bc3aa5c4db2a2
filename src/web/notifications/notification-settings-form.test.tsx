import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import {
  NOTIFICATION_TOPICS,
  type NotificationSettings,
  TOPIC_CHANNELS,
} from "../../shared/notifications.ts";
import { NotificationSettingsForm } from "./notification-settings-form.tsx";

type Setting = NotificationSettings["settings"][number];

/** The server's settings: every topic × channel it allows, all on, then what the PUTs change. */
function openForm() {
  let settings: Setting[] = NOTIFICATION_TOPICS.flatMap((topic) =>
    TOPIC_CHANNELS[topic].map((channel) => ({ topic, channel, enabled: true })),
  );
  const { requests } = renderWithApi(<NotificationSettingsForm />, (request) => {
    if (request.method === "PUT") {
      const [changed] = (request.body as NotificationSettings).settings;
      settings = settings.map((setting) =>
        setting.topic === changed?.topic && setting.channel === changed.channel ? changed : setting,
      );
    }
    return { status: 200, body: { settings } };
  });
  return { changes: () => requests.filter((request) => request.method !== "GET") };
}

describe("the notification settings", () => {
  it("has a box per topic and channel, named by both, and the digest only by mail", async () => {
    openForm();
    await screen.findByRole("group", { name: "Besides the bell, tell me about" });
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Topic",
      "Mail",
      "Push",
    ]);
    expect(screen.getAllByRole("checkbox").map((box) => box.getAttribute("aria-label"))).toEqual([
      "Messages and message requests by mail",
      "Messages and message requests by push",
      "Reviews of you and replies to your reviews by mail",
      "Reviews of you and replies to your reviews by push",
      "Moderators' decisions on your posts and reports by mail",
      "Moderators' decisions on your posts and reports by push",
      "Reminders about your posts by mail",
      "Reminders about your posts by push",
      "New posts matching your saved searches by mail",
      "New posts matching your saved searches by push",
      "Weekly digest: new posts near you by mail",
    ]);
  });

  it("saves the push channel of the box that was ticked, and shows what the server kept", async () => {
    const { changes } = openForm();
    const box = await screen.findByRole("checkbox", { name: "Reminders about your posts by push" });
    expect(box).toHaveProperty("checked", true);
    await userEvent.click(box);
    await waitFor(() => expect(box).toHaveProperty("checked", false));
    expect(changes()).toEqual([
      {
        method: "PUT",
        path: "/notifications/settings",
        body: { settings: [{ topic: "reminders", channel: "push", enabled: false }] },
      },
    ]);
    expect(
      screen.getByRole("checkbox", { name: "Reminders about your posts by mail" }),
    ).toHaveProperty("checked", true);
  });
});
